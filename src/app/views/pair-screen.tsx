import type { PairingState } from '../stores/pairing-store';
import { t, type MessageKey } from '../i18n';

/** A command typed on the computer: the same in every language. */
const PAIR_COMMAND = 'collie pair';

const WHY: Record<Exclude<Extract<PairingState, { phase: 'unpaired' }>['why'], 'limited'>, MessageKey> = {
  never: 'pair.never',
  revoked: 'pair.revoked',
  used: 'pair.used',
  expired: 'pair.expired',
  unknown: 'pair.unknown',
  refused: 'pair.refused',
  failed: 'pair.failed',
};

/**
 * "Pair this phone": shown while the phone holds no paired device's credential (never paired, or
 * unpaired), and after a pairing link that did not work, saying why in words; while a link is
 * traded, that it is, and while a phone paired already must allow this one, that it waits for it.
 * (The check every visit begins with draws nothing here.)
 */
export function PairScreen({ state }: { state: PairingState }) {
  if (state.phase === 'pairing') {
    return (
      <main class="screen pair" aria-busy="true">
        <p class="muted" role="status">
          {t('pair.pairing')}
        </p>
      </main>
    );
  }
  if (state.phase === 'waiting') {
    return (
      <main class="screen pair" aria-busy="true">
        <h2>{t('pair.waitingTitle')}</h2>
        <p role="status">{t('pair.waiting')}</p>
        <p class="muted">{t('pair.waitingWhy')}</p>
      </main>
    );
  }
  if (state.phase !== 'unpaired') return null;
  const why = state.why === 'limited' ? t('pair.limited', { minutes: Math.max(1, Math.ceil((state.retryAfter ?? 60) / 60)) }) : t(WHY[state.why]);
  return (
    <main class="screen pair">
      <h2>{t('pair.title')}</h2>
      <p class={state.why === 'never' ? '' : 'banner warn'} role={state.why === 'never' ? undefined : 'alert'}>
        {why}
      </p>
      <p>{t('pair.how')}</p>
      <pre class="pair-command">
        <code>{PAIR_COMMAND}</code>
      </pre>
      <p class="muted">{t('pair.why')}</p>
    </main>
  );
}

import { useSignal } from '@preact/signals';
import type { PairingDecisionReply, PairingRequestJson } from '../../../wire/pairing-json';
import { locale, t } from '../../i18n';
import { useCanAct } from '../can-act';
import { clockTime } from '../time/clock';
import './pairing-requests.css';

interface Props {
  requests: PairingRequestJson[];
  decide(id: string, allow: boolean): Promise<PairingDecisionReply>;
}

/**
 * "A new device wants to pair" (docs/bridge.md §10): each device that opened a valid link while
 * this phone was paired, with where its link was made (the command and terminal, as the bridge
 * saw them) and where it was opened, for the person to allow or refuse. A watch phone reads it
 * without buttons. Everything shown here is text.
 */
export function PairingRequests({ requests, decide }: Props) {
  return (
    <section class="pairing-requests" aria-labelledby="pairing-heading">
      <h2 id="pairing-heading">{t('pairing.heading')}</h2>
      {requests.map((request) => (
        <PairingCard key={request.id} request={request} decide={decide} />
      ))}
    </section>
  );
}

function PairingCard({ request, decide }: { request: PairingRequestJson; decide: Props['decide'] }) {
  const canAct = useCanAct();
  const status = useSignal<'idle' | 'sending' | 'gone' | 'failed'>('idle');
  const at = (iso: string) => clockTime(Date.parse(iso), locale());
  const tap = (allow: boolean) => {
    status.value = 'sending';
    decide(request.id, allow).then(
      (reply) => (status.value = reply.outcome === 'gone' ? 'gone' : 'idle'),
      () => (status.value = 'failed'),
    );
  };
  return (
    <article class="ask-card pairing-card" aria-busy={status.value === 'sending'} aria-labelledby={`pairing-${request.id}`}>
      <h3 class="ask-title" id={`pairing-${request.id}`}>
        {t(request.role === 'watch' ? 'pairing.titleWatch' : 'pairing.title', { name: request.name })}
      </h3>
      <p>{madeWords(request, at(request.madeAt))}</p>
      {request.made?.command && (
        <pre class="ask-tool-input">
          <code>{request.made.command}</code>
        </pre>
      )}
      <p>{t('pairing.opened', { address: request.from.address, browser: request.from.browser, time: at(request.askedAt) })}</p>
      <p class="muted">{t('pairing.hint', { time: at(request.expiresAt) })}</p>
      {canAct ? (
        <div class="ask-options">
          <button type="button" class="ask-option effect-allow" disabled={status.value === 'sending'} onClick={() => tap(true)}>
            {t('pairing.allow')}
          </button>
          <button type="button" class="ask-option effect-deny" disabled={status.value === 'sending'} onClick={() => tap(false)}>
            {t('pairing.refuse')}
          </button>
        </div>
      ) : (
        <p class="muted">{t('pairing.watchOnly')}</p>
      )}
      <p class="ask-status" role="status">
        {status.value === 'gone' ? t('pairing.gone') : status.value === 'failed' ? t('pairing.failed') : null}
      </p>
    </article>
  );
}

/** Where the link was made: by `collie pair` (its process and terminal), by the bridge's start, or unknown. */
function madeWords(request: PairingRequestJson, time: string): string {
  const made = request.made;
  if (!made) return t('pairing.madeUnknown', { time });
  if (made.by === 'collie start') return t('pairing.madeStart', { time });
  // A pid is a name, not an amount: never written with a thousands separator.
  const pid = String(made.pid ?? '?');
  return made.terminal ? t('pairing.madeTerminal', { time, pid, terminal: made.terminal }) : t('pairing.madeNoTerminal', { time, pid });
}

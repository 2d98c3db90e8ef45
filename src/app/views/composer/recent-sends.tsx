import { useId } from 'preact/hooks';
import type { SendRow, SendStatus } from '../../../wire/bridge-json';
import { locale, t, type MessageKey } from '../../i18n';
import { clockTime } from '../time/clock';
import { refusalText } from '../acts/act-copy';

const STATUS_COPY: Record<SendStatus, MessageKey> = {
  sending: 'sends.status.sending',
  sent: 'sends.status.sent',
  queued: 'sends.status.queued',
  effective: 'sends.status.effective',
  refused: 'sends.status.refused',
  'not-sent': 'sends.status.notSent',
  unknown: 'sends.status.unknown',
  'maybe-applied': 'sends.status.maybeApplied',
};

const timeOf = (at: string) => {
  const when = Date.parse(at);
  return Number.isNaN(when) ? '' : clockTime(when, locale());
};

/** The pane's receipts, newest first, each with its status in words and, for this phone's own sends, their first line (kept on the phone; the bridge keeps no text). */
export function RecentSends({ sends, previewOf }: { sends: SendRow[]; previewOf: (requestId: string) => string | null }) {
  const headingId = useId();
  if (sends.length === 0) return null;
  // The bridge lists them newest first already; a stable sort keeps its order for equal times.
  const rows = [...sends].sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0));
  return (
    <section class="recent-sends" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('sends.title')}</h3>
      <ol>
        {rows.map((row) => (
          <li key={row.requestId} class={`send-row status-${row.status}`} data-request-id={row.requestId}>
            <span class="send-kind">{t(row.steer ? 'sends.steer' : 'sends.send')}</span>
            {previewOf(row.requestId) && <span class="send-preview">{previewOf(row.requestId)}</span>}
            <span class="send-status">{t(STATUS_COPY[row.status])}</span>
            <time class="send-time" dateTime={row.at}>
              {timeOf(row.at)}
            </time>
            {row.status === 'refused' && <span class="send-reason">{refusalText(row.reason)}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

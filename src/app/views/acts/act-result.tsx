import { useEffect, useState } from 'preact/hooks';
import type { ActReply, ActRequest } from '../../../wire/write-json';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import { actStatusText } from './act-copy';

interface Props {
  acts: ActsStore;
  /** The control whose latest tap to tell about; null shows an empty line. */
  controlKey: string | null;
  /** Told what the one Try again brought back, with the request it sent again. */
  onRetried?(reply: ActReply | null, request: ActRequest | undefined): void;
  /** With an `ask-open` refusal: leads to the ask's card. */
  onShowAsk?(askId: string | undefined): void;
  /** Words before the sentence, e.g. the belt button's label. */
  prefix?: (sentence: string) => string;
}

/** How long a settled outcome stays under its control: long enough to read, then out of the way. */
export const ACT_RESULT_MS = 5000;

/**
 * What became of a control's latest tap, under the finger: the sentence, Try again once, the ask
 * link. A tap still under way, or one Try again may send again, stays; every other outcome goes
 * after `ACT_RESULT_MS` ("Sent." does not sit beside the next tap, nor outlive a Close and Reopen).
 */
export function ActResult({ acts, controlKey, onRetried, onShowAsk, prefix }: Props) {
  const status = controlKey ? acts.statusOf(controlKey) : { phase: 'idle' as const };
  const canRetry = controlKey !== null && acts.canRetry(controlKey);
  const intent = controlKey ? acts.intentOf(controlKey) : undefined;
  const requestId = intent?.requestId ?? null;
  const lingers = status.phase === 'sending' || status.phase === 'idle' || canRetry;
  // A tap settled long before this control was drawn (a chat closed and reopened) is not told again.
  const [gone, setGone] = useState<string | null>(() => (intent && !lingers && Date.now() - intent.at > ACT_RESULT_MS ? intent.requestId : null));
  useEffect(() => {
    if (requestId === null || lingers) return;
    const timer = setTimeout(() => setGone(requestId), ACT_RESULT_MS);
    return () => clearTimeout(timer);
  }, [requestId, lingers]);
  if (requestId !== null && gone === requestId) return <EmptyResult />;
  const sentence = actStatusText(status);
  const askOpen = status.phase === 'done' && status.reply.outcome === 'refused' && status.reply.reason === 'ask-open' ? status.reply : null;
  const retry = async () => {
    if (!controlKey) return;
    const request = acts.pendingRequest(controlKey); // before the retry settles and drops its text
    const reply = await acts.retry(controlKey);
    onRetried?.(reply, request);
  };
  return (
    <div class="act-result">
      {/* Always in the page: a live region that appears with its text is often not read out. */}
      <p class="act-status" role="status">
        {sentence !== null && prefix ? prefix(sentence) : sentence}
      </p>
      {canRetry && (
        <button type="button" class="act-button act-retry" onClick={() => void retry()}>
          {t('act.tryAgain')}
        </button>
      )}
      {askOpen && onShowAsk && (
        <button type="button" class="act-button" onClick={() => onShowAsk(askOpen.askId)}>
          {t('act.goToQuestion')}
        </button>
      )}
    </div>
  );
}

/** The live region stays in the page with nothing in it: a region that appears with its text is often not read out. */
function EmptyResult() {
  return (
    <div class="act-result">
      <p class="act-status" role="status" />
    </div>
  );
}

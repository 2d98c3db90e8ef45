import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import type { ChatJson } from '../../../wire/bridge-json';
import type { ActReply, ActRequest } from '../../../wire/write-json';
import { t, type MessageKey } from '../../i18n';
import { paneActKey, type ActsStore } from '../../stores/acts-store';
import { ActResult } from '../acts/act-result';
import { textProblem } from './check-text';
import { composerDraftKey, useDraft } from '../drafts';
import { Icon } from '../icons';

/** Outcomes that took the text: only then is the text box emptied. */
const TOOK_TEXT = new Set<ActReply['outcome']>(['sent', 'queued', 'steered']);

interface Props {
  acts: ActsStore;
  chat: ChatJson;
  agentName: string;
  paneId: string;
  /** Leads to an open ask's card (the oldest when no id is given). */
  onShowAsk(askId: string | undefined): void;
  /** The dock's own controls (the question's line, jump to latest), drawn on the line of Steer and Stop. */
  lead?: ComponentChildren;
  trail?: ComponentChildren;
}

/** Whether a conversation has a composer at all: only with a cap to send, steer or stop. */
export const hasComposer = (chat: ChatJson): boolean => !!(chat.agent.caps && (chat.agent.caps.send || chat.agent.caps.steer || chat.agent.caps.abort));

/** Steer and Stop show only while a turn runs, each for its cap. */
export const turnControlsShown = (chat: ChatJson): boolean => chat.pane.turn?.state === 'running' && !!(chat.agent.caps?.steer || chat.agent.caps?.abort);

/** The open-ask note names only the controls the person has now: Steer and Stop while a turn runs. */
function askOpenNote(turn: { steer: boolean; abort: boolean } | null): MessageKey {
  if (turn?.steer && turn.abort) return 'composer.askOpenSteerStop';
  if (turn?.steer) return 'composer.askOpenSteer';
  if (turn?.abort) return 'composer.askOpenStop';
  return 'composer.askOpen';
}

/**
 * The text of a send or steer that did not surely arrive (held back offline, or its outcome
 * unknown), to show as the person's message marked not sent, beside its Try again.
 */
function unsentText(acts: ActsStore, key: string): { text: string; offline: boolean } | null {
  const status = acts.statusOf(key);
  if (!acts.canRetry(key) || (status.phase !== 'offline' && status.phase !== 'done')) return null;
  const request = acts.pendingRequest(key);
  return request && 'text' in request ? { text: request.text, offline: status.phase === 'offline' } : null;
}

/**
 * Send, Steer and Stop for an open conversation, each only for its declared cap. While an ask is
 * open, Send leads to its card instead: the agent is waiting for that answer, not for more text.
 */
export function Composer({ acts, chat, agentName, paneId, onShowAsk, lead, trail }: Props) {
  // What is typed is kept as a draft on the phone per conversation: a reload loses nothing.
  const draft = useDraft(composerDraftKey(agentName, paneId), '', (raw) => (typeof raw === 'string' ? raw : null));
  const text = draft.value;
  const problem = useSignal<string | null>(null);
  const inputId = useId();
  const noteId = useId();
  const caps = chat.agent.caps;
  if (!caps || !hasComposer(chat)) return null;

  const turnId = chat.pane.turn?.id ?? null;
  const askOpen = chat.asks.length > 0;
  const keys = { send: paneActKey(agentName, paneId, 'send'), steer: paneActKey(agentName, paneId, 'steer'), stop: paneActKey(agentName, paneId, 'stop') };
  const busy = (key: string) => acts.statusOf(key).phase === 'sending';
  const latest = acts.latestOf([keys.send, keys.steer, keys.stop]);
  const unsent = latest === null ? null : unsentText(acts, latest);

  // The person may have typed more while the request was out: only the text that went is cleared.
  const settle = (sentText: string, reply: ActReply | null) => {
    if (reply && TOOK_TEXT.has(reply.outcome) && text.peek() === sentText) draft.clear();
  };

  const submit = async (act: 'send' | 'steer') => {
    if (act === 'send' && askOpen) {
      problem.value = null;
      onShowAsk(chat.asks[0]?.id);
      return;
    }
    const value = text.peek();
    problem.value = textProblem(value);
    if (problem.peek() !== null) return;
    settle(value, await acts.run({ act, agent: agentName, paneId, text: value, turnId }));
  };

  const afterRetry = (reply: ActReply | null, request: ActRequest | undefined) => {
    if (request && 'text' in request) settle(request.text, reply);
  };

  const writes = caps.send || caps.steer;
  // Steer and Stop only while a turn runs: one line above the text, where the thumb finds them.
  const turnControls = turnControlsShown(chat);
  return (
    <section class="composer" aria-label={t('composer.title')}>
      {/* Said by the dock's question line; here for the Send button's description. */}
      {caps.send && askOpen && (
        <p id={noteId} class="composer-note visually-hidden">
          {t(askOpenNote(turnControls ? caps : null))}
        </p>
      )}
      {(turnControls || lead || trail) && (
        <div class="dock-line">
          {lead}
          {turnControls && caps.steer && (
            <button type="button" class="act-button composer-steer" aria-label={t('composer.steer')} disabled={busy(keys.steer)} onClick={() => void submit('steer')}>
              <Icon name="steer" />
              <span class="turn-label">{t('composer.steer')}</span>
            </button>
          )}
          {turnControls && caps.abort && (
            <button
              type="button"
              class="act-button danger composer-stop"
              aria-label={t('composer.stop')}
              disabled={busy(keys.stop)}
              onClick={() => void acts.run({ act: 'stop', agent: agentName, paneId, turnId })}
            >
              <Icon name="stop" />
              <span class="turn-label">{t('composer.stop')}</span>
            </button>
          )}
          {trail}
        </div>
      )}
      {unsent && (
        <div class="unsent">
          <p class="unsent-text">{unsent.text}</p>
          <p class="unsent-mark">
            <Icon name="failed" />
            {t(unsent.offline ? 'composer.notSent' : 'composer.notSure')}
          </p>
        </div>
      )}
      {writes && (
        <div class="composer-row">
          <label class="visually-hidden" for={inputId}>
            {t('composer.label')}
          </label>
          <textarea
            id={inputId}
            class="composer-input"
            rows={1}
            placeholder={t('composer.label')}
            value={text.value}
            onInput={(event) => {
              draft.change(event.currentTarget.value);
              problem.value = null;
            }}
          />
          {caps.send && (
            <button type="button" class="composer-send" disabled={busy(keys.send)} aria-describedby={askOpen ? noteId : undefined} onClick={() => void submit('send')}>
              <Icon name="send" />
              {/* While a card is open this button leads to it (its name says so): the card's own Send is the only Send. */}
              <span class="visually-hidden">{t(askOpen ? 'composer.toQuestion' : 'composer.send')}</span>
            </button>
          )}
        </div>
      )}
      <p class="act-problem" role="alert">
        {problem.value}
      </p>
      <ActResult acts={acts} controlKey={latest} onRetried={afterRetry} onShowAsk={onShowAsk} />
    </section>
  );
}

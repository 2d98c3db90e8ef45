import type { ChatJson } from '../../wire/bridge-json';
import { LIMITS } from '../../wire/limits';
import { t } from '../i18n';
import { controlKey, type ActsStore } from '../stores/acts-store';
import { ActResult } from './acts/act-result';

/** How long a settled outcome stays next to the belt: long enough to read, then out of the way. */
export const BELT_RESULT_MS = 5000;

interface Props {
  acts: ActsStore;
  chat: ChatJson;
  agentName: string;
  paneId: string;
}

/** The agent's own buttons on the pane (up to four), only with the `actions` cap. */
export function Belt({ acts, chat, agentName, paneId }: Props) {
  const buttons = chat.agent.caps?.actions ? chat.pane.belt.slice(0, LIMITS.beltButtons) : [];
  const turnId = chat.pane.turn?.id ?? null;
  const draftOf = (actionId: string) => ({ act: 'action' as const, agent: agentName, paneId, actionId, turnId });
  const keys = buttons.map((b) => controlKey(draftOf(b.id)));
  const latest = acts.latestOf(keys);
  const intent = latest ? acts.intentOf(latest) : undefined;

  if (buttons.length === 0) return null;
  const request = intent?.request;
  const label = request?.act === 'action' ? buttons.find((b) => b.id === request.actionId)?.label : undefined;
  return (
    <div class="belt-area">
      <div class="belt" role="group" aria-label={t('belt.label')}>
        {buttons.map((button, i) => (
          <button
            key={button.id}
            type="button"
            class="act-button belt-button"
            disabled={acts.statusOf(keys[i]!).phase === 'sending'}
            onClick={() => void acts.run(draftOf(button.id))}
          >
            {button.label}
          </button>
        ))}
      </div>
      <ActResult acts={acts} controlKey={latest} prefix={label ? (result) => t('belt.result', { label, result }) : undefined} />
    </div>
  );
}

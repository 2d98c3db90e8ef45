import { randomUUID } from 'node:crypto';
import type { ExtensionUIContext } from '@mariozechner/pi-coding-agent';
import { cleanField } from '../../wire/clean';
import { LIMITS } from '../../wire/limits';
import { AskClosedError, type PaneHandle } from '../handles';

/** A dialog's question as a card: its toolCallId is fresh (a dialog does not outlive the agent's run). */
const dialogId = () => `ui-${randomUUID().slice(0, 12)}`;

/** Runs a card; a card closed without the person's answer (a stop, the dialog's own signal) is `undefined`. */
async function answered<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AskClosedError) return undefined;
    throw err;
  }
}

function closeOnAbort(pane: PaneHandle, toolCallId: string, signal: AbortSignal | undefined): void {
  signal?.addEventListener('abort', () => pane.decide(toolCallId), { once: true });
}

/**
 * Pi's own prompts (an extension's `ctx.ui.confirm`, `select`, `input`, `editor`) as cards on the
 * phone: confirm and select are choice cards, input and editor text cards; `notify` is a notice in
 * the chat. What only a terminal can show (widgets, footers, themes) is a no-op.
 */
export function phoneUi(pane: PaneHandle): ExtensionUIContext {
  const noop = () => {};
  const ui = {
    async confirm(title: string, message: string, opts?: { signal?: AbortSignal }) {
      const toolCallId = dialogId();
      closeOnAbort(pane, toolCallId, opts?.signal);
      const answer = await answered(() =>
        pane.ask({
          kind: 'choice',
          toolCallId,
          title: cleanField.title(title).text || 'Confirm',
          ...(message ? { reason: cleanField.reason(message).text } : {}),
          options: [
            { id: 'yes', label: 'Yes' },
            { id: 'no', label: 'No' },
          ],
        }),
      );
      return answer?.optionIds[0] === 'yes';
    },
    async select(title: string, options: string[], opts?: { signal?: AbortSignal }) {
      const toolCallId = dialogId();
      closeOnAbort(pane, toolCallId, opts?.signal);
      // A card holds a few options; a longer list is offered as its first ones (the rest would not fit a phone either).
      const shown = options.slice(0, LIMITS.choiceOptions);
      const answer = await answered(() =>
        pane.ask({
          kind: 'choice',
          toolCallId,
          title: cleanField.title(title).text || 'Choose',
          options: shown.map((label, i) => ({ id: `o${i}`, label: cleanField.label(label).text })),
        }),
      );
      const picked = answer?.optionIds[0];
      return picked === undefined ? undefined : shown[Number(picked.slice(1))];
    },
    async input(title: string, placeholder?: string, opts?: { signal?: AbortSignal }) {
      const toolCallId = dialogId();
      closeOnAbort(pane, toolCallId, opts?.signal);
      const answer = await answered(() =>
        pane.ask({ kind: 'text', toolCallId, title: cleanField.title(title).text || 'Answer', ...(placeholder ? { placeholder: cleanField.label(placeholder).text } : {}) }),
      );
      return answer?.text;
    },
    async editor(title: string, prefill?: string) {
      const toolCallId = dialogId();
      const answer = await answered(() =>
        pane.ask({ kind: 'text', toolCallId, title: cleanField.title(title).text || 'Write', ...(prefill ? { placeholder: cleanField.label(prefill).text } : {}) }),
      );
      return answer?.text;
    },
    notify(message: string) {
      pane.item({ id: `notify-${randomUUID().slice(0, 12)}`, kind: 'notice', text: cleanField.itemText(message).text });
    },
    onTerminalInput: () => noop,
    setStatus: noop,
    setWorkingMessage: noop,
    setWorkingVisible: noop,
    setWorkingIndicator: noop,
    setHiddenThinkingLabel: noop,
    setWidget: noop,
    setFooter: noop,
    setHeader: noop,
    setTitle: noop,
    custom: () => Promise.reject(new Error('this dialog needs a terminal; Collie shows Pi on a phone')),
    pasteToEditor: noop,
    setEditorText: noop,
    getEditorText: () => '',
    addAutocompleteProvider: noop,
    setEditorComponent: noop,
    getToolsExpanded: () => false,
    setToolsExpanded: noop,
  };
  return ui as unknown as ExtensionUIContext;
}

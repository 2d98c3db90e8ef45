/**
 * The wire's objects as JSON Schema `$defs` (WIRE.md §5). Each says what the bridge reads
 * exactly as sent: a field it drops, cuts, cleans or fills in when missing is required or bounded
 * here, and a field a reader may do without is optional.
 */
import { LIMITS } from '../limits';
import { ASK_KINDS, CAP_NAMES, DECIDED_BY, FORM_FIELD_TYPES, PANE_STATES, PERMISSION_EFFECTS, TOOL_STATUSES, TURN_STATES, WRITE_TARGETS, ITEM_KINDS } from '../types';
import { count, epoch, historyCursor, id, linkUrl, list, nullOr, object, oneOfStrings, ref, text, time, type Schema } from './strings';

/** The kinds an agent may send: `unknown` is only what a reader makes of one it does not know. */
const SENT_ASK_KINDS = ASK_KINDS.filter((kind) => kind !== 'unknown');
const EVENT_TYPES = ['item', 'ask', 'ask-closed', 'turn'] as const;

/** `then` applies when the object's `key` is `value`. */
const when = (key: string, value: string, then: Schema): Schema => ({ if: { properties: { [key]: { const: value } }, required: [key] }, then });

/** A permission ask's tool input, level by level: 8 levels of nesting, 64 entries per object or array. */
function toolInputDefs(): Record<string, Schema> {
  const defs: Record<string, Schema> = {};
  const scalar: Schema[] = [text('reason'), { type: 'number' }, { type: 'boolean' }, { type: 'null' }];
  for (let depth = LIMITS.toolInputDepth; depth >= 0; depth -= 1) {
    if (depth === LIMITS.toolInputDepth) {
      defs[`ToolInput${depth}`] = { anyOf: scalar };
      continue;
    }
    const inner = ref(`ToolInput${depth + 1}`);
    const container: Schema[] = [
      { type: 'array', maxItems: LIMITS.toolInputEntries, items: inner },
      { type: 'object', maxProperties: LIMITS.toolInputEntries, propertyNames: text('label'), additionalProperties: inner },
    ];
    defs[`ToolInput${depth}`] = { anyOf: [...scalar, ...container] };
  }
  return defs;
}

const option = object({ id, label: text('label', { nonEmpty: true }) });

const formField: Schema = {
  ...object({ id, label: text('label', { nonEmpty: true }), type: oneOfStrings(FORM_FIELD_TYPES) }, { required: { type: 'boolean' } }),
  ...when('type', 'choice', object({ options: list(ref('Option'), LIMITS.choiceOptions, 1) }, { multiple: { type: 'boolean' } })),
};

const ask: Schema = {
  ...object(
    { id, revision: { ...count, minimum: 1 }, kind: oneOfStrings(SENT_ASK_KINDS), toolCallId: id, title: text('title') },
    { itemId: id, reason: text('reason'), createdAt: time, expiresAt: time },
  ),
  allOf: [
    when(
      'kind',
      'permission',
      object({
        tool: nullOr(object({ name: text('label', { nonEmpty: true }), input: ref('ToolInput0') })),
        options: list(object({ id, label: text('label', { nonEmpty: true }), effect: oneOfStrings(PERMISSION_EFFECTS) }), LIMITS.permissionOptions),
      }),
    ),
    when('kind', 'choice', object({ options: list(ref('Option'), LIMITS.choiceOptions) }, { multiple: { type: 'boolean' }, min: count, max: count })),
    when('kind', 'text', object({}, { placeholder: text('label') })),
    when('kind', 'form', object({ fields: list(ref('FormField'), LIMITS.formFields) })),
  ],
};

const item: Schema = {
  ...object({ id, kind: oneOfStrings(ITEM_KINDS), at: time }),
  allOf: [
    ...(['user', 'reply', 'thinking', 'notice'] as const).map((kind) => when('kind', kind, object({ text: text('itemText') }, kind === 'user' ? { requestId: id } : {}))),
    when('kind', 'markdown', object({ text: text('richText') })),
    when('kind', 'code', object({ text: text('richText') }, { language: text('label', { nonEmpty: true }) })),
    when('kind', 'link', object({ url: linkUrl }, { title: text('title', { nonEmpty: true }) })),
    when(
      'kind',
      'tool',
      object({ toolCallId: id, name: text('label', { nonEmpty: true }), status: oneOfStrings(TOOL_STATUSES) }, { summary: text('summary'), output: text('toolOutput') }),
    ),
  ],
};

const turn = object({ id, state: oneOfStrings(TURN_STATES), queued: count }, { startedAt: time, endedAt: time });

/** `waiting` exactly while asks are open: the bridge re-derives it from the asks otherwise. */
const pane: Schema = {
  ...object(
    {
      id,
      title: text('title', { nonEmpty: true }),
      state: oneOfStrings(PANE_STATES),
      turn: nullOr(ref('Turn')),
      asks: list(ref('Ask'), LIMITS.openAsksPerPane),
      belt: list(object({ id, label: text('beltLabel', { nonEmpty: true }) }), LIMITS.beltButtons),
      cursor: count,
    },
    { harness: text('label', { nonEmpty: true }), conversationId: id },
  ),
  if: { properties: { asks: { type: 'array', minItems: 1 } } },
  then: { properties: { state: { const: 'waiting' } } },
  else: { properties: { state: { enum: ['working', 'idle'] } } },
};

/** Exactly one of `optionIds`, `text` or `values`, each as `shapes` gives it. */
function oneAnswerKey(shapes: Record<'optionIds' | 'text' | 'values', Schema>): Schema {
  const keys = Object.keys(shapes) as (keyof typeof shapes)[];
  return { oneOf: keys.map((key) => ({ ...object({ [key]: shapes[key] }), not: { anyOf: keys.filter((k) => k !== key).map((k) => ({ required: [k] })) } })) };
}

/** An answer as the phone sends it: option ids, one line of text, or a form's values. */
const answer = oneAnswerKey({
  optionIds: { type: 'array', items: id },
  text: { type: 'string' },
  values: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }] } },
});

/** The answer an ask was decided with, as `ask-closed` and `409 decided` carry it (typed words stop at the bridge). */
const outcome = oneAnswerKey({ optionIds: { type: 'array', items: id }, text: { type: 'string' }, values: { type: 'object' } });

const event: Schema = {
  // Events number from 1; 0 is only ever a cursor (the one before the first event).
  ...object({ seq: { ...count, minimum: 1 }, type: oneOfStrings(EVENT_TYPES) }),
  allOf: [
    when('type', 'item', object({ item: ref('Item') })),
    when('type', 'ask', object({ ask: ref('Ask') })),
    when('type', 'ask-closed', object({ askId: id, decidedBy: oneOfStrings(DECIDED_BY), outcome: nullOr(ref('Outcome')) })),
    when('type', 'turn', object({ turn: ref('Turn') })),
  ],
};

const workspace = object({ id, title: text('title', { nonEmpty: true }), tabs: list(ref('Tab'), LIMITS.tabs) });
const tab = object({ id, title: text('title', { nonEmpty: true }), panes: list(ref('Pane'), LIMITS.panes) });
const conversation = object(
  { id, title: text('title', { nonEmpty: true }), state: oneOfStrings(['open', 'closed']) },
  { paneId: id, createdAt: time, updatedAt: time, closedAt: time },
);
const range = object({ min: { ...count, minimum: 1 }, max: { ...count, minimum: 1 } });
const caps: Schema = { type: 'object', properties: Object.fromEntries(CAP_NAMES.map((cap) => [cap, { type: 'boolean' }])) };

export const OBJECT_DEFS: Record<string, Schema> = {
  Id: id,
  Time: time,
  Epoch: epoch,
  Count: count,
  HistoryCursor: historyCursor,
  VersionRange: range,
  Caps: caps,
  Option: option,
  FormField: formField,
  Ask: ask,
  Answer: answer,
  Outcome: outcome,
  Item: item,
  Turn: turn,
  Pane: pane,
  Tab: tab,
  Workspace: workspace,
  Event: event,
  Conversation: conversation,
  WriteTarget: oneOfStrings(WRITE_TARGETS),
  ...toolInputDefs(),
};

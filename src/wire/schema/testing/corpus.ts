/**
 * For tests only (fast-check is a devDependency): generators of wire bodies that keep every rule,
 * and one generic mutation that breaks a random spot of any JSON value. The agreement test feeds
 * both to the schemas and to the bridge's parsers.
 */
import fc from 'fast-check';
import { isValidId } from '../../ids';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const optional = <T>(key: string, arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined }).map((value) => (value === undefined ? {} : { [key]: value }));
const merge = (...parts: fc.Arbitrary<Obj>[]) => fc.tuple(...parts).map((objects) => Object.assign({}, ...objects) as Obj);

export const idArb = fc.string({ unit: fc.constantFrom(...'abcXYZ019_-.:~é日🙂'), minLength: 1, maxLength: 10 }).filter(isValidId);
const unit = (multiline: boolean) => fc.constantFrom(...'ab Zé日🙂<>&"\'`*#', ...(multiline ? ['\n', '\t'] : []));
export const textArb = (multiline = false, minLength = 0) => fc.string({ unit: unit(multiline), minLength, maxLength: 16 });
const label = textArb(false, 1).filter((s) => s !== '');
const count = fc.oneof(fc.nat({ max: 200 }), fc.constant(Number.MAX_SAFE_INTEGER));

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
/** Every shape of the time rule: seconds and fraction optional, Z or an offset with or without its colon. */
export const timeArb = fc
  .record({
    date: fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })),
    clock: fc.tuple(two(23), two(59)),
    seconds: fc.option(fc.tuple(two(59), fc.option(fc.stringMatching(/^[0-9]{1,9}$/)))),
    zone: fc.oneof(
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), two(23), fc.constantFrom(':', ''), two(59)).map((parts) => parts.join('')),
    ),
  })
  .map(({ date: [y, m, d], clock: [h, min], seconds, zone }) => {
    const secs = seconds ? `:${seconds[0]}${seconds[1] ? `.${seconds[1]}` : ''}` : '';
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${h}:${min}${secs}${zone}`;
  });

const epochArb = fc.stringMatching(/^[A-Za-z0-9_-]{22,40}$/);
const linkArb = fc
  .tuple(
    fc.constantFrom('https://', 'HTTPS://'),
    fc.constantFrom('example.com', 'a.b.example', '127.0.0.1', '[::1]', 'xn--bcher-kva.de:8443'),
    fc.constantFrom('', '/', '/docs/x?y=1#z', '/日本', '/a%20b'),
  )
  .map((parts) => parts.join(''));
const toolInput = fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme-ascii' }) as fc.Arbitrary<Json>;

const option = fc.record({ id: idArb, label });
const askBase = merge(
  fc.record({ id: idArb, revision: fc.integer({ min: 1, max: 9 }), toolCallId: idArb, title: textArb() }),
  optional('itemId', idArb),
  optional('reason', textArb(true)),
  optional('createdAt', timeArb),
  optional('expiresAt', timeArb),
);
const formField = fc.oneof(
  merge(fc.record({ id: idArb, label, type: fc.constantFrom('text', 'toggle') }), optional('required', fc.boolean())),
  merge(
    fc.record({ id: idArb, label, type: fc.constant('choice'), options: fc.array(option, { minLength: 1, maxLength: 8 }) }),
    optional('required', fc.boolean()),
    optional('multiple', fc.boolean()),
  ),
);
export const askArb: fc.Arbitrary<Obj> = fc.oneof(
  merge(
    askBase,
    fc.record({
      kind: fc.constant('permission'),
      tool: fc.option(fc.record({ name: label, input: toolInput }), { nil: null }),
      options: fc.array(fc.record({ id: idArb, label, effect: fc.constantFrom('allow', 'allow-always', 'deny') }), { maxLength: 6 }),
    }),
  ),
  merge(
    askBase,
    fc.record({ kind: fc.constant('choice'), options: fc.array(option, { maxLength: 8 }) }),
    optional('multiple', fc.boolean()),
    optional('min', count),
    optional('max', count),
  ),
  merge(askBase, fc.record({ kind: fc.constant('text') }), optional('placeholder', textArb())),
  merge(askBase, fc.record({ kind: fc.constant('form'), fields: fc.array(formField, { maxLength: 6 }) })),
);

const itemBase = fc.record({ id: idArb, at: timeArb });
export const itemArb: fc.Arbitrary<Obj> = fc.oneof(
  merge(itemBase, fc.record({ kind: fc.constant('user'), text: textArb(true) }), optional('requestId', idArb)),
  merge(itemBase, fc.record({ kind: fc.constantFrom('reply', 'thinking', 'notice', 'markdown'), text: textArb(true) })),
  merge(itemBase, fc.record({ kind: fc.constant('code'), text: textArb(true) }), optional('language', label)),
  merge(itemBase, fc.record({ kind: fc.constant('link'), url: linkArb }), optional('title', label)),
  merge(
    itemBase,
    fc.record({ kind: fc.constant('tool'), toolCallId: idArb, name: label, status: fc.constantFrom('running', 'done', 'failed', 'denied') }),
    optional('summary', textArb(true)),
    optional('output', textArb(true)),
  ),
);

export const turnArb: fc.Arbitrary<Obj> = merge(
  fc.record({ id: idArb, state: fc.constantFrom('running', 'done', 'stopped', 'failed'), queued: count }),
  optional('startedAt', timeArb),
  optional('endedAt', timeArb),
);

const paneArb = fc
  .tuple(
    merge(
      fc.record({
        id: idArb,
        title: label,
        turn: fc.option(turnArb, { nil: null }),
        asks: fc.array(askArb, { maxLength: 2 }),
        belt: fc.array(fc.record({ id: idArb, label: fc.string({ unit: unit(false), minLength: 1, maxLength: 16 }) }), { maxLength: 4 }),
        cursor: count,
      }),
      optional('harness', label),
      optional('conversationId', idArb),
    ),
    fc.constantFrom('working', 'idle'),
  )
  .map(([pane, idle]): Obj => ({ ...pane, state: (pane.asks as Json[]).length > 0 ? 'waiting' : idle }));

/** A snapshot; pane ids are made unique across it, as the wire asks (a schema cannot say so). */
export const snapshotArb: fc.Arbitrary<Obj> = fc
  .record({
    epoch: epochArb,
    rev: count,
    workspaces: fc.array(
      fc.record({ id: idArb, title: label, tabs: fc.array(fc.record({ id: idArb, title: label, panes: fc.array(paneArb, { maxLength: 3 }) }), { maxLength: 2 }) }),
      {
        maxLength: 2,
      },
    ),
    starters: fc.array(fc.record({ id: idArb, label }), { maxLength: 3 }),
  })
  .map((snapshot) => {
    let n = 0;
    for (const ws of snapshot.workspaces) for (const tab of ws.tabs) for (const pane of tab.panes) pane.id = `${String(pane.id)}~${(n += 1)}`;
    return snapshot;
  });

const caps = fc.dictionary(fc.constantFrom('asks', 'starters', 'send', 'steer', 'abort', 'rename', 'close', 'actions', 'history', 'reopen'), fc.boolean());
export const helloArb: fc.Arbitrary<Obj> = fc
  .record({ min: fc.integer({ min: 1, max: 3 }), span: fc.nat(3), name: textArb(), runtime: fc.option(label, { nil: undefined }), epoch: epochArb, ready: fc.boolean(), caps })
  .map(({ min, span, name, runtime, epoch, ready, caps: c }): Obj => ({
    service: 'collie-durable',
    protocol: { min, max: min + span },
    host: runtime === undefined ? { name } : { name, runtime },
    epoch,
    ready,
    caps: c,
  }));

const outcome = fc.oneof(
  fc.constant(null),
  fc.record({ optionIds: fc.array(idArb, { maxLength: 3 }) }),
  fc.record({ text: textArb(true) }),
  fc.record({ values: fc.dictionary(idArb, fc.boolean()) }),
);
/** Events number from 1 (0 is only a cursor). */
const seq = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constant(Number.MAX_SAFE_INTEGER));
const eventArb = fc.oneof(
  fc.record({ seq, type: fc.constant('item'), item: itemArb }),
  fc.record({ seq, type: fc.constant('ask'), ask: askArb }),
  fc.record({ seq, type: fc.constant('ask-closed'), askId: idArb, decidedBy: fc.constantFrom('phone', 'program', 'timeout'), outcome }),
  fc.record({ seq, type: fc.constant('turn'), turn: turnArb }),
);
export const eventsArb: fc.Arbitrary<Obj> = fc.oneof(
  fc.record({ epoch: epochArb, cursor: count, view: fc.constant(false), events: fc.array(eventArb, { maxLength: 4 }) }),
  fc.record({
    epoch: epochArb,
    cursor: count,
    view: fc.constant(true),
    items: fc.array(itemArb, { maxLength: 3 }),
    asks: fc.array(askArb, { maxLength: 2 }),
    turn: fc.option(turnArb, { nil: null }),
    trimmed: fc.boolean(),
  }),
);

const cursor = fc.option(fc.stringMatching(/^[\x21-\x7e]{1,20}$/), { nil: null });
const conversation = merge(
  fc.record({ id: idArb, title: label, state: fc.constantFrom('open', 'closed') }),
  optional('paneId', idArb),
  optional('createdAt', timeArb),
  optional('updatedAt', timeArb),
  optional('closedAt', timeArb),
);
export const conversationsArb: fc.Arbitrary<Obj> = fc.record({ conversations: fc.array(conversation, { maxLength: 3 }), next: cursor });
export const itemsPageArb: fc.Arbitrary<Obj> = fc.record({ items: fc.array(itemArb, { maxLength: 3 }), next: cursor, trimmed: fc.boolean() });

/** Values that break rules wherever they land: wrong types, bad ids and times, removed characters, over-long text. */
const BAD_VALUES: Json[] = [
  null,
  -1,
  0,
  1.5,
  true,
  '',
  ' ',
  'a b',
  '.',
  '..',
  'a/b',
  'a\u0001b',
  'a\rb',
  'a\u200bb',
  'a\nb',
  'é'.repeat(140),
  'x'.repeat(300),
  'x'.repeat(2100),
  '2026-13-01T00:00Z',
  '2026-11-30T10:00:00',
  'http://example.com',
  'https://user:pw@example.com',
  'https://example.com:99999/',
  'maybe',
  [],
  {},
];

/** Every path into a value, the root included. */
function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

/** Breaks one spot: deletes it, puts a bad value there, or repeats a list's entry past any list limit. */
export const mutationArb = fc.tuple(fc.nat(), fc.nat(2), fc.nat(BAD_VALUES.length - 1), fc.constantFrom(5, 7, 9, 51, 101));

export function mutate(value: Json, [where, how, which, times]: [number, number, number, number]): Json {
  const copy = structuredClone(value);
  const all = paths(copy).filter((p) => p.length > 0);
  if (all.length === 0) return BAD_VALUES[which] ?? null;
  const path = all[where % all.length]!;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Obj)[key as string] ?? null, copy) as Obj | Json[];
  const key = path.at(-1)!;
  if (how === 0) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else if (how === 1) {
    (parent as Obj)[key as string] = structuredClone(BAD_VALUES[which] ?? null);
  } else {
    const target = (parent as Obj)[key as string] ?? null;
    if (Array.isArray(target) && target.length > 0) (parent as Obj)[key as string] = Array.from({ length: times }, () => structuredClone(target[0]!));
    else (parent as Obj)[key as string] = structuredClone(BAD_VALUES[which] ?? null);
  }
  return copy;
}

const turnIdArb = fc.option(idArb, { nil: null });
/** Request bodies as the bridge sends them (every field present). */
export const REQUEST_ARBS: Record<string, fc.Arbitrary<Obj>> = {
  'answer-request': fc.record({
    requestId: idArb,
    askId: idArb,
    revision: fc.integer({ min: 1, max: 9 }),
    answer: fc.oneof(
      fc.record({ optionIds: fc.array(idArb, { maxLength: 3 }) }),
      fc.record({ text: textArb() }),
      fc.record({ values: fc.dictionary(idArb, fc.oneof(textArb(true), fc.boolean(), fc.array(idArb, { maxLength: 2 }))) }),
    ),
  }),
  'send-request': fc.record({ requestId: idArb, text: textArb(true).filter((t) => t.trim() !== ''), turnId: turnIdArb, steer: fc.boolean() }),
  'abort-request': fc.record({ requestId: idArb, turnId: turnIdArb }),
  'action-request': fc.record({ requestId: idArb, actionId: idArb, turnId: turnIdArb }),
  'rename-request': fc.record({ requestId: idArb, target: fc.constantFrom('workspace', 'tab', 'pane'), id: idArb, title: textArb().filter((t) => t.trim() !== '') }),
  'close-request': fc.record({ requestId: idArb, target: fc.constantFrom('workspace', 'tab', 'pane'), id: idArb }),
  'starter-request': fc.record({ requestId: idArb }),
  'reopen-request': fc.record({ requestId: idArb, conversationId: idArb }),
};

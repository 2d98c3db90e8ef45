import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { addWireKeywords, MAX_BYTES } from '../schema-keywords';
import { schemaDocuments } from './documents';
import { wireValidator } from './testing/validator';

/**
 * The schemas against bodies written from WIRE.md's own sentences (quoted beside each), not from
 * the kit's replies: each is valid or not exactly as the sentence says.
 */
const validator = wireValidator();
const EPOCH = '3q2-7wAAAAC8-i0x9RkT2g';
const AT = '2026-11-30T10:00:02Z';

const hello = (host: Record<string, unknown>) => ({ service: 'collie-durable', protocol: { min: 1, max: 1 }, host, epoch: EPOCH, ready: true, caps: { asks: true } });
const page = (events: unknown[]) => ({ epoch: EPOCH, cursor: 60, view: false, events });
const itemPage = (item: Record<string, unknown>) => ({ items: [{ id: 'i', kind: 'reply', at: AT, text: 'x', ...item }], next: null, trimmed: false });
const link = (url: string) => itemPage({ kind: 'link', url, text: undefined });
const closed = (decidedBy: unknown, outcome: unknown) => page([{ seq: 60, type: 'ask-closed', askId: 'a1', decidedBy, outcome }]);
const ask = { id: '0f6b', revision: 2, kind: 'choice', toolCallId: 'deploy-1', title: 'Deploy?', options: [{ id: 'yes', label: 'Yes' }] };
const turn = { id: 't-12', state: 'running', startedAt: '2026-11-30T10:00:00Z', queued: 1 };

/** [schema, body, valid, the sentence of WIRE.md that decides it]. */
const CASES: [string, unknown, boolean, string][] = [
  // §3 Hello
  ['hello-reply', hello({ name: 'desk', runtime: 'node 22.19.0' }), true, '§3 the example hello'],
  ['hello-reply', hello({ name: 'desk', runtime: '' }), true, '§3 host.runtime is optional display text (at most 128 bytes)'],
  ['hello-reply', hello({ name: '' }), true, '§3 host.name … may be empty'],
  ['hello-reply', hello({ name: 'd'.repeat(65) }), false, '§3 host.name is display text, at most 64 bytes'],
  ['hello-reply', hello({ name: 'é'.repeat(33) }), false, '§13 host.name 64 bytes (66 bytes in 33 characters)'],
  ['hello-reply', hello({ name: 'desk', runtime: 'r'.repeat(129) }), false, '§3 host.runtime … at most 128 bytes'],
  ['hello-reply', hello({ name: 'desk', callerCheck: 'maybe' }), false, '§3 host.callerCheck is optional, "on" or "off"'],
  ['hello-reply', { ...hello({ name: 'd' }), service: 'collie' }, false, '§3 service must be exactly collie-durable'],
  ['hello-reply', { ...hello({ name: 'd' }), epoch: '3q2+7wAAAAC8/i0x9RkT2g' }, false, '§3 epoch … never + or /'],
  ['hello-reply', { ...hello({ name: 'd' }), epoch: 'short' }, false, '§3 epoch … 22–128 characters'],
  ['hello-reply', { ...hello({ name: 'd' }), protocol: { min: 0, max: 1 } }, false, '§3 protocol: whole numbers with 1 ≤ min ≤ max'],
  ['hello-reply', { ...hello({ name: 'd' }), caps: { asks: 'yes' } }, false, '§3 caps is an object of booleans'],
  // §1 and §2: errors
  ['error-reply', { code: 'unauthorized' }, true, '§1 exactly 401 {"code":"unauthorized"}'],
  ['error-reply', { code: 'unauthorized', message: 'wrong token' }, false, '§1 … and nothing else'],
  ['error-reply', { code: 'no-such-pane', message: 'no pane p' }, true, '§2 { "code", "message"?, …extra }'],
  ['error-reply', { code: 'something-new' }, true, '§2 a reader ignores codes … it does not know'],
  ['error-reply', { code: 'stale' }, false, '§2 409 stale: extra field ask (the current one)'],
  ['error-reply', { code: 'stale', ask }, true, '§2 409 stale + ask'],
  ['error-reply', { code: 'decided', decidedBy: 'phone', outcome: { optionIds: ['yes'] } }, true, '§7 409 decided + decidedBy, outcome'],
  ['error-reply', { code: 'decided', decidedBy: 'timeout', outcome: null }, true, '§7 … or null when no answer decided it'],
  ['error-reply', { code: 'decided', decidedBy: 'phone', outcome: 'yes' }, false, '§7 outcome … is the answer … { "optionIds": […] }, never a bare string'],
  ['error-reply', { code: 'decided', decidedBy: 'user', outcome: null }, false, '§8 decidedBy: phone, program or timeout'],
  ['error-reply', { code: 'turn-moved', turn }, true, '§2 turn-moved: turn (the current one, or null)'],
  ['error-reply', { code: 'turn-moved', turn: null }, true, '§2 turn-moved: … or null'],
  ['error-reply', { code: 'turn-moved', turn: 't-12' }, false, '§11 turn is the whole turn object, not its id'],
  ['error-reply', { code: 'ask-open' }, false, '§2 ask-open: askId (the oldest open)'],
  ['error-reply', { code: 'incompatible', refusal: 'v2 vs v1', agent: { min: 1, max: 1 }, collie: { min: 2, max: 2 } }, true, '§2 incompatible'],
  // §8 Events
  ['events-reply', page([{ seq: 1, type: 'turn', turn }]), true, '§8 events are numbered from 1'],
  ['events-reply', page([{ seq: 0, type: 'turn', turn }]), false, '§8 numbered from 1 (0 is the cursor before the first)'],
  ['events-reply', closed('phone', { optionIds: ['yes'] }), true, '§8 ask-closed (askId, decidedBy, outcome)'],
  ['events-reply', closed('program', null), true, '§8 … program … outcome null'],
  ['events-reply', closed('phone', 'yes'), false, '§7 outcome in ask-closed is an answer object or null'],
  ['events-reply', closed('agent', null), false, '§8 decidedBy: phone, program or timeout'],
  ['events-reply', { epoch: EPOCH, cursor: 60, view: true, items: [], asks: [], turn: null, trimmed: false }, true, '§8 the current view'],
  ['events-reply', { epoch: EPOCH, cursor: 60, view: true, items: [], asks: [], turn: null }, false, '§8 the view has trimmed: bool'],
  // §5 Times
  ['items-reply', itemPage({ at: '2026-11-30T10:00:02.5+01:00' }), true, '§5 2026-11-30T10:00:02.5+01:00 is a time'],
  ['items-reply', itemPage({ at: '2026-11-30T10:00+0100' }), true, '§5 … or ±hhmm; seconds optional'],
  ['items-reply', itemPage({ at: '2026-11-30T10:00:02' }), false, '§5 2026-11-30T10:00:02 (no zone) is not a time'],
  ['items-reply', itemPage({ at: '2026-11-30T10:00:02z' }), false, '§5 a lower-case z … is not'],
  ['items-reply', itemPage({ at: '2026-11-30T24:00:00Z' }), false, '§5 24:00 … is not'],
  ['items-reply', itemPage({ at: '2026-11-30T10:00:02,5Z' }), false, '§5 a comma fraction … is not'],
  ['items-reply', itemPage({ at: 1764496802 }), false, '§5 a number is not'],
  // §9 Items: links
  ['items-reply', link('https://example.com:8443/docs'), true, '§9 https with a host'],
  ['items-reply', link('https://example.com:99999/docs'), false, '§9 link: the url parses as a URL (a port is at most 65535)'],
  ['items-reply', link('https://example.com:80a/'), false, '§9 link: a port is digits'],
  ['items-reply', link('http://example.com'), false, '§9 dropped: http://'],
  ['items-reply', link('https:///x'), false, '§9 dropped: https:///x'],
  ['items-reply', link('https://user:pw@example.com'), false, '§9 dropped: a user or password'],
  ['items-reply', link('https://exa\\mple.com'), false, '§9 dropped: a backslash'],
  [
    'items-reply',
    itemPage({ kind: 'tool', toolCallId: 'tc', name: 'bash', status: 'paused', text: undefined }),
    false,
    '§9 a tool … with a status other than the four (paused included)',
  ],
  ['items-reply', itemPage({ text: '' }), true, '§9 Text may be empty'],
  // §12 History
  ['conversations-reply', { conversations: [{ id: 'c', title: 'C', state: 'archived' }], next: null }, false, '§12 state: open | closed'],
  ['conversations-reply', { conversations: [], next: '' }, false, '§12 a cursor is 1–512 bytes'],
  ['conversations-reply', { conversations: [], next: 'n 7' }, false, '§12 printable ASCII without spaces'],
  // §4 Snapshot
  [
    'snapshot-reply',
    {
      epoch: EPOCH,
      rev: 1,
      workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'P', state: 'waiting', turn: null, asks: [], belt: [], cursor: 0 }] }] }],
      starters: [],
    },
    false,
    '§4 waiting while any ask is open (none is)',
  ],
  [
    'snapshot-reply',
    {
      epoch: EPOCH,
      rev: 1,
      workspaces: [
        {
          id: 'w',
          title: 'W',
          tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'P', state: 'idle', turn: null, asks: [], belt: [{ id: 'b', label: 'x'.repeat(17) }], cursor: 0 }] }],
        },
      ],
      starters: [],
    },
    false,
    '§4 belt label 16 characters',
  ],
  // §7, §10, §11 Requests
  ['answer-request', { requestId: 'r', askId: 'a', revision: 1, answer: { text: '' } }, true, '§7 An empty line is an answer'],
  ['answer-request', { requestId: 'r', askId: 'a', revision: 0, answer: { optionIds: ['y'] } }, false, '§7 revision is a whole number from 1'],
  ['answer-request', { requestId: 'r', askId: 'a', revision: 1, answer: { optionIds: ['y'], text: 'y' } }, false, '§7 answer has exactly one of optionIds, text or values'],
  ['send-request', { requestId: 'r', text: 'hi' }, true, '§10 an agent must take turnId and steer missing as null and false'],
  ['send-request', { requestId: 'r', text: ' \u3000\n' }, false, '§11 text: something besides white space (§13 lists white space)'],
  ['send-request', { requestId: 'r', text: '\u200b' }, true, '§13 U+200B is not white space (it is an invisible character)'],
  ['send-request', { requestId: 'r', text: 'hi', steer: 'yes' }, false, '§11 steer present but not a boolean → 400'],
  ['rename-request', { requestId: 'r', target: 'pane', id: 'p', title: '   ' }, false, '§10 title … not only white space'],
  ['rename-request', { requestId: 'r', target: 'window', id: 'p', title: 'New' }, false, '§10 target (workspace, tab, pane)'],
];

describe('the schemas against WIRE.md', () => {
  it.each(CASES)('%s: %j is valid %s (%s)', (schema, body, valid) => {
    expect(validator.valid(schema, body), validator.errors()).toBe(valid);
  });
});

describe('the schemas in a strict validator', () => {
  const schemas = Object.entries(schemaDocuments()).filter(([file]) => file.endsWith('.schema.json'));

  it("compile in Ajv's default strict mode once the wire's keyword is added, with no warning", () => {
    expect(validator.warnings).toEqual([]);
    const ajv = addWireKeywords(new Ajv2020());
    for (const [file, document] of schemas) expect(() => ajv.compile(document), file).not.toThrow();
  });

  it('check byte limits through the helper, and compile without them as a plain vocabulary too', () => {
    const hostName = schemaDocuments()['hello-reply.schema.json']!;
    const threeByte = hello({ name: '€'.repeat(22) }); // 22 characters, 66 bytes
    expect(addWireKeywords(new Ajv2020()).compile(hostName)(threeByte)).toBe(false);
    const vocabulary = new Ajv2020();
    vocabulary.addVocabulary([MAX_BYTES]);
    expect(vocabulary.compile(hostName)(threeByte)).toBe(true); // maxLength counts characters only
  });

  it('are refused by a bare strict Ajv, which is why the helper exists', () => {
    expect(() => new Ajv2020().compile(schemas[0]![1])).toThrow(`strict mode: unknown keyword: "${MAX_BYTES}"`);
  });
});

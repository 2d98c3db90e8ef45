import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEventsReply } from '../parse-events';
import { parseHello } from '../parse-hello';
import { parseConversationsPage, parseItemsPage } from '../parse-history';
import { panesOf, parseSnapshot } from '../parse-snapshot';
import { CAP_NAMES } from '../types';
import { conversationsArb, eventsArb, helloArb, itemsPageArb, mutate, mutationArb, snapshotArb } from './testing/corpus';
import { wireValidator } from './testing/validator';

/**
 * The schemas and the bridge's parsers agree: a body is valid by its schema exactly when the
 * parser reads it whole — nothing dropped, cut, cleaned or filled in — once the defaults WIRE.md
 * names are written out and typed words are reduced to their shape, as the bridge keeps them.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const validator = wireValidator();

/** JSON with sorted keys: equal values read equal whatever their key order or prototype. */
function stable(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (isObj(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, walk(v[k])]),
      );
    return v;
  };
  return JSON.stringify(walk(JSON.parse(JSON.stringify(value ?? null))));
}

/** An ask as the bridge holds it: `multiple` and `required` default to false, not shortened. */
function askDefaults(ask: Json): Json {
  if (!isObj(ask)) return ask;
  const out: Obj = { ...ask, shortened: false };
  if (out.kind === 'choice' && out.multiple === undefined) out.multiple = false;
  if (out.kind === 'form' && Array.isArray(out.fields)) {
    out.fields = out.fields.map((f) => {
      if (!isObj(f)) return f;
      const field: Obj = { required: false, ...f };
      if (field.type === 'choice' && field.multiple === undefined) field.multiple = false;
      return field;
    });
  }
  return out;
}

/** Typed text and form values stop at the bridge: only their shape is kept. */
function outcomeShape(outcome: Json): Json {
  if (!isObj(outcome)) return outcome;
  if (typeof outcome.text === 'string') return { ...outcome, text: '' };
  if (isObj(outcome.values)) return { ...outcome, values: {} };
  return outcome;
}

const asks = (list: Json) => (Array.isArray(list) ? list.map(askDefaults) : list);

/** `at: ''` is the bridge's own mark for a time it could not read: an agent's `''` is such a time. */
function items(list: Json): Json {
  return Array.isArray(list) ? list.map((item) => (isObj(item) && item.at === '' ? { ...item, at: null } : item)) : list;
}

function expectedSnapshot(v: Obj): Obj {
  const out = structuredClone(v);
  for (const ws of Array.isArray(out.workspaces) ? out.workspaces : []) {
    for (const tab of isObj(ws) && Array.isArray(ws.tabs) ? ws.tabs : []) {
      for (const pane of isObj(tab) && Array.isArray(tab.panes) ? tab.panes : []) if (isObj(pane)) pane.asks = asks(pane.asks ?? null);
    }
  }
  return out;
}

function expectedEvents(v: Obj): Obj {
  const out = structuredClone(v);
  if (out.view === true) {
    out.asks = asks(out.asks ?? null);
    out.items = items(out.items ?? null);
  }
  for (const event of Array.isArray(out.events) ? out.events : []) {
    if (!isObj(event)) continue;
    if (event.type === 'item') event.item = (items([event.item ?? null]) as Json[])[0]!;
    if (event.type === 'ask') event.ask = askDefaults(event.ask ?? null);
    if (event.type === 'ask-closed' && 'outcome' in event) event.outcome = outcomeShape(event.outcome ?? null);
  }
  return out;
}

function expectedHello(v: Obj): Obj {
  const out = structuredClone(v);
  const caps = out.caps;
  if (isObj(caps)) out.caps = Object.fromEntries(CAP_NAMES.map((cap) => [cap, cap in caps ? caps[cap]! : false]));
  // An empty runtime is display text that shows nothing: the bridge keeps it as none (WIRE.md §3).
  if (isObj(out.host) && out.host.runtime === '') delete out.host.runtime;
  return out;
}

interface Body {
  schema: string;
  valid: fc.Arbitrary<Obj>;
  /** What the parser read, or null when it refused the body. */
  parse: (v: Json) => unknown;
  expected: (v: Obj) => Obj;
}

const BODIES: Body[] = [
  { schema: 'hello-reply', valid: helloArb, parse: (v) => (parseHello(v) as { hello?: unknown }).hello ?? null, expected: expectedHello },
  { schema: 'snapshot-reply', valid: snapshotArb, parse: parseSnapshot, expected: expectedSnapshot },
  { schema: 'events-reply', valid: eventsArb, parse: (v) => parseEventsReply(v), expected: expectedEvents },
  { schema: 'conversations-reply', valid: conversationsArb, parse: parseConversationsPage, expected: (v) => v },
  { schema: 'items-reply', valid: itemsPageArb, parse: (v) => parseItemsPage(v), expected: (v) => ({ ...v, items: items(v.items ?? null) }) },
];

/** Rules no JSON Schema can state, named in WIRE.md; the corpus stays clear of them. */
function beyondSchemas(schema: string, v: Json): boolean {
  if (!isObj(v)) return false;
  if (schema === 'hello-reply' && isObj(v.protocol)) return typeof v.protocol.min === 'number' && typeof v.protocol.max === 'number' && v.protocol.min > v.protocol.max;
  if (schema === 'snapshot-reply') {
    const parsed = parseSnapshot(v);
    if (!parsed) return false;
    const ids = [] as unknown[];
    let tabs = 0;
    for (const ws of Array.isArray(v.workspaces) ? v.workspaces : [])
      for (const tab of isObj(ws) && Array.isArray(ws.tabs) ? ws.tabs : []) {
        tabs += 1;
        for (const pane of isObj(tab) && Array.isArray(tab.panes) ? tab.panes : []) if (isObj(pane)) ids.push(pane.id);
      }
    return new Set(ids).size !== ids.length || tabs > 256 || ids.length > 256 || panesOf(parsed).length !== ids.length;
  }
  return false;
}

const readWhole = (body: Body, v: Json) => {
  const parsed = body.parse(v);
  return parsed !== null && isObj(v) && stable(parsed) === stable(body.expected(v));
};

describe('the schemas and the bridge’s parsers', () => {
  for (const body of BODIES) {
    it(`agree on ${body.schema}: valid exactly when read whole`, () => {
      let valid = 0;
      let invalid = 0;
      fc.assert(
        fc.property(body.valid, fc.option(mutationArb, { freq: 2 }), (good, mutation) => {
          const sample = mutation ? mutate(good, mutation) : good;
          fc.pre(!beyondSchemas(body.schema, sample));
          const schemaOk = validator.valid(body.schema, sample);
          if (!mutation) expect(schemaOk, validator.errors()).toBe(true);
          expect(readWhole(body, sample), `${schemaOk ? 'valid' : `invalid (${validator.errors()})`}: ${JSON.stringify(sample).slice(0, 400)}`).toBe(schemaOk);
          if (schemaOk) valid += 1;
          else invalid += 1;
        }),
        { numRuns: 1500 },
      );
      // The corpus exercises both sides, or the agreement says little.
      expect(valid).toBeGreaterThan(300);
      expect(invalid).toBeGreaterThan(300);
    });
  }

  it('leave to the check what no schema can state, each one real', () => {
    const pane = { id: 'p', title: 'P', state: 'idle', turn: null, asks: [], belt: [], cursor: 0 };
    const twice = { epoch: 'dU4UTIK0IoJIbCBHmHs8IO', rev: 1, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [pane, pane] }] }], starters: [] };
    expect(validator.valid('snapshot-reply', twice)).toBe(true);
    expect(beyondSchemas('snapshot-reply', twice)).toBe(true);
    expect(readWhole(BODIES[1]!, twice)).toBe(false);
    const range = { service: 'collie-durable', protocol: { min: 2, max: 1 }, host: { name: 'h' }, epoch: 'dU4UTIK0IoJIbCBHmHs8IO', ready: true, caps: {} };
    expect(validator.valid('hello-reply', range)).toBe(true);
    expect(readWhole(BODIES[0]!, range)).toBe(false);
  });
});

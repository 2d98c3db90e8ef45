import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAsk } from './parse-ask';

const base = { id: 'a1', revision: 1, toolCallId: 'tc-1', title: 'Deploy to staging?' };

describe('parseAsk', () => {
  it('reads a choice ask and drops options left empty by cleaning', () => {
    const ask = parseAsk({
      ...base,
      kind: 'choice',
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'blank', label: '\u200b\u0000' },
        { id: 'bad id', label: 'x' },
      ],
    });
    expect(ask).toMatchObject({ kind: 'choice', multiple: false, shortened: false, options: [{ id: 'yes', label: 'Yes' }] });
  });

  it('marks a cleaned or cut title or reason as shortened', () => {
    expect(parseAsk({ ...base, kind: 'text', title: 'Pay \u202eus' })?.shortened).toBe(true);
    expect(parseAsk({ ...base, kind: 'text', reason: 'x'.repeat(5000) })?.shortened).toBe(true);
    expect(parseAsk({ ...base, kind: 'text', reason: 'line one\nline two' })).toMatchObject({ shortened: false, reason: 'line one\nline two' });
  });

  it('marks an ask whose option label was cleaned or cut as shortened (its notification then has no buttons)', () => {
    const choice = (label: string) => parseAsk({ ...base, kind: 'choice', options: [{ id: 'y', label }] })?.shortened;
    expect(choice('Yes')).toBe(false);
    expect(choice('Ye\u202es')).toBe(true);
    expect(choice('y'.repeat(200))).toBe(true);
    const permission = parseAsk({ ...base, kind: 'permission', tool: { name: 'bash', input: {} }, options: [{ id: 'a', label: 'Allow\u200b', effect: 'allow' }] });
    expect(permission?.shortened).toBe(true);
  });

  it('drops asks with bad ids or revisions', () => {
    for (const raw of [{ ...base, id: '' }, { ...base, toolCallId: 'a b' }, { ...base, revision: 0 }, { ...base, revision: '1' }, null, []])
      expect(parseAsk({ kind: 'choice', options: [], ...(raw as object) })).toBeNull();
  });

  it('reads permission asks, keeping only known effects and a named tool', () => {
    const ask = parseAsk({
      ...base,
      kind: 'permission',
      tool: { name: 'bash', input: { command: 'rm -rf /tmp/x\u202e', nested: [{ deep: '\u0000ok' }] } },
      options: [
        { id: 'a', label: 'Allow', effect: 'allow' },
        { id: 'x', label: 'Maybe', effect: 'sometimes' },
      ],
    });
    expect(ask).toMatchObject({ kind: 'permission', tool: { name: 'bash', input: { command: 'rm -rf /tmp/x', nested: [{ deep: 'ok' }] } } });
    expect(ask?.kind === 'permission' && ask.options.map((o) => o.id)).toEqual(['a']);
    expect(parseAsk({ ...base, kind: 'permission', tool: { name: '\u200b' }, options: [] })).toMatchObject({ tool: null });
  });

  it('keeps __proto__, constructor and every other key of a tool input as written', () => {
    const input = '{"__proto__":{"x":1},"constructor":"c","prototype":"p","command":"ls"}';
    const raw = JSON.parse(`{"id":"a1","revision":1,"toolCallId":"tc","kind":"permission","tool":{"name":"bash","input":${input}},"options":[]}`);
    const ask = parseAsk(raw);
    const shown = ask?.kind === 'permission' ? (ask.tool?.input as Record<string, unknown>) : {};
    expect(Object.keys(shown)).toEqual(['__proto__', 'constructor', 'prototype', 'command']);
    expect(JSON.stringify(shown)).toBe(input);
    expect(ask?.shortened).toBe(false);
  });

  it('names a form field left empty by its id and drops fields of unknown type', () => {
    const ask = parseAsk({
      ...base,
      kind: 'form',
      fields: [
        { id: 'f1', label: '\u0000', type: 'text' },
        { id: 'f2', label: 'X', type: 'date' },
      ],
    });
    expect(ask).toMatchObject({ kind: 'form', fields: [{ id: 'f1', label: 'f1', type: 'text', required: false }] });
  });

  it('keeps an unknown kind as unanswerable', () => {
    expect(parseAsk({ ...base, kind: 'slider' })).toMatchObject({ kind: 'unknown', wireKind: 'slider' });
  });

  it('drops an expiresAt that is not a time', () => {
    expect(parseAsk({ ...base, kind: 'text', expiresAt: 'soon' })?.expiresAt).toBeUndefined();
    expect(parseAsk({ ...base, kind: 'text', expiresAt: '2026-11-30T10:05:02+00:00' })?.expiresAt).toBe('2026-11-30T10:05:02+00:00');
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('permission', 'choice', 'text', 'form', 'x'), (junk, kind) => {
        parseAsk(junk);
        parseAsk({ ...base, kind, options: junk, fields: junk, tool: junk, title: junk });
      }),
      { numRuns: 500 },
    );
  });
});

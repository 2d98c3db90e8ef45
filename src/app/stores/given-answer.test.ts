import { describe, expect, it } from 'vitest';
import type { PhoneAsk } from '../../wire/bridge-json';
import { givenAnswer, looksSecret, parseGivenAnswer, shortAnswer } from './given-answer';

const AT = 1_000;
const base = { revision: 1, toolCallId: 't', hash: 'h' };
const form: PhoneAsk = {
  ...base,
  id: 'f',
  kind: 'form',
  title: 'Release details',
  fields: [
    { id: 'version', label: 'Version', type: 'text', required: true },
    { id: 'notify', label: 'Notify the team', type: 'toggle', required: false },
    { id: 'channel', label: 'Channel', type: 'choice', required: true, options: [{ id: 'beta', label: 'Beta' }] },
    { id: 'dbPassword', label: 'Database', type: 'text', required: false },
    { id: 'note', label: 'Note', type: 'text', required: false },
  ],
};

describe('what the chat shows back of an answer', () => {
  it('shortens typed text to one line of 80 characters, the last an ellipsis, at a whole character', () => {
    expect(shortAnswer('  web-3\n\tnorth  ')).toBe('web-3 north');
    const long = shortAnswer('😀'.repeat(200));
    expect([...long]).toHaveLength(80);
    expect(long.endsWith('😀…')).toBe(true);
    expect(shortAnswer('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it('takes out what the one cleaner takes out of agent text (controls, direction marks)', () => {
    expect(shortAnswer('a\u202eb\u0007c')).toBe('abc');
  });

  it('reads a field as secret by its id or its label, as words: password, token, secret, key, pin and the like', () => {
    for (const [id, label] of <[string, string][]>[
      ['password', 'Password'],
      ['x', 'API key'],
      ['apiKey', 'Access'],
      ['access_token', 'Access'],
      ['x', 'PIN'],
      ['sshkey', 'SSH'],
      ['x', 'Client secret'],
      ['x', 'Пароль'],
      ['x', '密码'],
    ])
      expect({ id, label, secret: looksSecret({ id, label }) }).toEqual({ id, label, secret: true });
    for (const [id, label] of <[string, string][]>[
      ['version', 'Version'],
      ['keyboard', 'Keyboard layout'],
      ['pinned', 'Pinned'],
      ['shipping', 'Shipping address'],
    ])
      expect({ id, label, secret: looksSecret({ id, label }) }).toEqual({ id, label, secret: false });
  });

  it('keeps a form’s values in its fields’ order: text shortened, toggles, options by label, a secret never, empty fields left out', () => {
    const given = givenAnswer(form, { values: { channel: ['beta'], version: `1.4.0 ${'z'.repeat(100)}`, notify: false, dbPassword: 'hunter2', note: '' } }, AT);
    expect(given.question).toEqual({ title: 'Release details' });
    expect(given.answer).toEqual({
      fields: [
        { label: 'Version', value: { text: shortAnswer(`1.4.0 ${'z'.repeat(100)}`) } },
        { label: 'Notify the team', value: { on: false } },
        { label: 'Channel', value: { labels: ['Beta'] } },
        { label: 'Database', value: { secret: true } },
      ],
    });
    expect(JSON.stringify(given)).not.toContain('hunter2');
  });

  it('names options by their labels, and a permission’s question by its tool, never by the model’s title', () => {
    const permission: PhoneAsk = {
      ...base,
      id: 'p',
      kind: 'permission',
      title: 'harmless, trust me',
      tool: { name: 'bash', input: { command: 'rm -rf build/' } },
      options: [{ id: 'allow', label: 'Allow', effect: 'allow' }],
    };
    expect(givenAnswer(permission, { optionIds: ['allow'] }, AT)).toEqual({ at: AT, question: { tool: 'bash' }, answer: { labels: ['Allow'] } });
    const text: PhoneAsk = { ...base, id: 't', kind: 'text', title: 'Name the server' };
    expect(givenAnswer(text, { text: 'web-3' }, AT)).toEqual({ at: AT, question: { title: 'Name the server' }, answer: { text: 'web-3' } });
  });

  it('reads a kept record back, and nothing from a hand-edited one', () => {
    const given = givenAnswer(form, { values: { version: '1.4.0', notify: true } }, AT);
    expect(parseGivenAnswer(JSON.parse(JSON.stringify(given)))).toEqual(given);
    expect(parseGivenAnswer({ at: 1, question: { tool: null }, answer: { text: 'x' } })).toEqual({ at: 1, question: { tool: null }, answer: { text: 'x' } });
    for (const bad of [
      null,
      'x',
      { at: '1', question: { title: 'q' }, answer: { text: 'x' } },
      { at: 1, question: {}, answer: { text: 'x' } },
      { at: 1, question: { title: 'q' }, answer: { fields: [{ label: 'a', value: { html: '<b>' } }] } },
    ])
      expect(parseGivenAnswer(bad)).toBeNull();
  });
});

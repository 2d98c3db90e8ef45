// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionEntry } from '../../../wire/bridge-json';
import type { GivenAnswer } from '../../stores/given-answer';
import { clockTime } from '../time/clock';
import { DecisionLine } from './decision-line';
import { ThisDevice } from '../this-device';
import { mount, type Mounted } from '../testing/acts-rig';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

const line = (entry: DecisionEntry, given?: GivenAnswer, extra: { day?: string; unread?: boolean } = {}) => {
  view?.unmount();
  view = mount(
    <ol>
      <DecisionLine entry={entry} given={given} {...extra} />
    </ol>,
  );
  return view.root.querySelector('li')!;
};
const phone = (answered: DecisionEntry['answered']): DecisionEntry => ({ type: 'decision', id: 'd1', decidedBy: 'phone', title: 'Q', askId: 'a1', answered });

describe('a decision line', () => {
  it('shows back what this phone typed, under the question, as text', () => {
    const row = line(phone({ typed: 'text' }), { at: 1, question: { title: 'Name the <b>server</b>' }, answer: { text: 'web-3 <img src=x onerror=alert(1)>' } });
    expect([...row.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['Name the <b>server</b>', 'Answered: “web-3 <img src=x onerror=alert(1)>”']);
    expect(row.querySelector('b, img')).toBeNull();
    expect(row.classList.contains('given')).toBe(true);
  });

  it('shows a form’s values field by field, a secret as dots, toggles and options in words', () => {
    const row = line(phone({ typed: 'form' }), {
      at: 1,
      question: { title: 'Release details' },
      answer: {
        fields: [
          { label: 'Version', value: { text: '1.4.0' } },
          { label: 'Notify the team', value: { on: true } },
          { label: 'Channel', value: { labels: ['Beta', 'Stable'] } },
          { label: 'Password', value: { secret: true } },
        ],
      },
    });
    expect(row.textContent).toBe('Release detailsAnswered:Version: 1.4.0Notify the team: YesChannel: Beta, StablePassword: •••');
  });

  it('heads a permission by its tool, takes the labels the bridge names, and says no more than the bridge for an empty answer', () => {
    let row = line(phone({ labels: ['Allow'] }), { at: 1, question: { tool: 'bash' }, answer: { labels: ['Allow'] } });
    expect(row.textContent).toBe('bash wants to runAnswered: Allow');
    row = line(phone({ typed: 'text' }), { at: 1, question: { title: 'Why?' }, answer: { text: '' } });
    expect(row.textContent).toBe('Why?Answered: a text was sent');
  });

  it('keeps the bridge’s words without a record, and for a line the phone did not decide', () => {
    expect(line(phone({ typed: 'text' })).textContent).toBe('QAnswered: a text was sent');
    const timedOut: DecisionEntry = { type: 'decision', id: 'd2', decidedBy: 'timeout', title: 'Ship?' };
    expect(line(timedOut, { at: 1, question: { title: 'Ship?' }, answer: { text: 'x' } }).textContent).toBe('Timed out before an answer: Ship?');
  });

  it('draws an answer the same on every phone from the bridge’s record: the question, the answer, who and when', () => {
    const at = '2026-12-05T09:41:00Z';
    const answered: DecisionEntry = { ...phone({ labels: ['Allow'] }), tool: 'bash', at, by: { deviceId: 'dev-1', device: 'Pixel 7', via: 'notification' } };
    const time = clockTime(Date.parse(at), 'en');
    const onPhone = (me: string | null) => {
      view?.unmount();
      view = mount(
        <ThisDevice.Provider value={me}>
          <ol>
            <DecisionLine entry={answered} />
          </ol>
        </ThisDevice.Provider>,
      );
      return [...view.root.querySelectorAll('span')].map((s) => s.textContent);
    };
    expect(onPhone('dev-1')).toEqual(['bash wants to run', 'Answered: Allow', `by this phone · from its notification · ${time}`]);
    expect(onPhone('dev-2')).toEqual(['bash wants to run', 'Answered: Allow', `by Pixel 7 · from its notification · ${time}`]);
  });

  it('carries its day heading as an attribute, and the unread divider above its words', () => {
    const row = line(phone({ labels: ['Yes'] }), undefined, { day: 'Today', unread: true });
    expect(row.dataset.day).toBe('Today');
    expect(row.firstElementChild?.textContent).toBe('Unread messages');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskCard } from './ask-card';
import type { CardStatus } from '../../stores/card-status';
import { timeLeftText } from './countdown';
import { advance, button, buttons, cardProps, choiceAsk, mount, tap, type Mounted } from './testing/card-rig';
import type { PhoneAsk } from '../../../wire/bridge-json';

let card: Mounted | undefined;
afterEach(() => {
  card?.unmount();
  card = undefined;
  vi.useRealTimers();
});

const unknownAsk: PhoneAsk = { id: 'u1', revision: 1, toolCallId: 'c', title: 'Draw a map', reason: 'Because.', kind: 'unknown', wireKind: 'canvas', hash: 'h' };
/** The card's outcome sentence, from whichever live region holds it (polite, or assertive for trouble). */
const status = (m: Mounted) => [...m.root.querySelectorAll('.ask-status')].map((p) => p.textContent).join('');

describe('ask card frame', () => {
  it('names the agent and marks shortened text', () => {
    card = mount(<AskCard {...cardProps(choiceAsk({ shortened: true, reason: 'Tests passed.' }))} />);
    expect(card.root.textContent).toContain('Asked by hello');
    expect(card.root.querySelector('.ask-shortened')?.textContent).toBe('Text shortened');
    expect(card.root.querySelector('.ask-reason')?.textContent).toBe('Tests passed.');
  });

  it('counts down each second from its own clock, then says time is up', () => {
    vi.useFakeTimers();
    let clock = Date.parse('2026-11-30T10:00:00Z');
    const now = () => clock;
    const ask = choiceAsk({ expiresAt: '2026-11-30T10:02:05Z' });
    card = mount(<AskCard {...cardProps(ask, { now })} />);
    const timer = () => card!.root.querySelector('[role="timer"]')?.textContent;
    expect(timer()).toBe('2:05 left');
    clock += 1000;
    advance(1000);
    expect(timer()).toBe('2:04 left');
    clock += 124_000;
    advance(124_000);
    expect(timer()).toBe('Time is up');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its timer when the card goes', () => {
    vi.useFakeTimers();
    card = mount(<AskCard {...cardProps(choiceAsk({ expiresAt: '2099-01-01T00:00:00Z' }))} />);
    expect(vi.getTimerCount()).toBe(1);
    card.unmount();
    card = undefined;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('formats hours and never shows 0:00 while time remains', () => {
    expect(timeLeftText('2026-01-01T01:02:05Z', Date.parse('2026-01-01T00:00:00Z'))).toBe('1:02:05 left');
    expect(timeLeftText('2026-01-01T00:00:01Z', Date.parse('2026-01-01T00:00:00.500Z'))).toBe('0:01 left');
    expect(timeLeftText('not a time', 0)).toBeNull();
  });

  it('has no countdown without expiresAt', () => {
    card = mount(<AskCard {...cardProps(choiceAsk())} />);
    expect(card.root.querySelector('[role="timer"]')).toBeNull();
  });

  it.each<[CardStatus, string]>([
    [{ phase: 'idle' }, ''],
    [{ phase: 'sending' }, 'Sending…'],
    [{ phase: 'done', outcome: 'taken' }, ''],
    [{ phase: 'done', outcome: 'stale' }, 'This question changed. Read it again before you tap an option.'],
    [{ phase: 'done', outcome: 'decided-in-agent' }, 'Decided in the durable agent.'],
    [{ phase: 'done', outcome: 'timed-out' }, 'Timed out before an answer.'],
    [{ phase: 'done', outcome: 'already-answered' }, 'Already answered. This card goes away on the next update.'],
    [{ phase: 'done', outcome: 'too-late' }, 'Not taken. The question may show again in a moment.'],
    [{ phase: 'done', outcome: 'unknown' }, 'Not sure the answer arrived. Try again sends it once more.'],
    [{ phase: 'done', outcome: 'maybe-applied' }, 'May already be applied. Check the chat.'],
    [{ phase: 'refused', reason: 'bad-answer' }, 'The bridge refused the answer: the answer does not fit the question'],
    [{ phase: 'refused', reason: 'caller-refused' }, 'The durable agent refused this tap: it came from a process it started.'],
  ])('says what became of the tap: %j', (cardStatus, text) => {
    card = mount(<AskCard {...cardProps(choiceAsk(), { status: cardStatus })} />);
    expect(status(card)).toBe(text);
  });

  it('offers Try again only when it may retry', () => {
    const props = cardProps(choiceAsk(), { status: { phase: 'done', outcome: 'unknown' } });
    card = mount(<AskCard {...props} />);
    expect(buttons(card.root).map((b) => b.textContent)).toEqual(['Yes', 'No']);
    card.rerender(<AskCard {...props} canRetry />);
    tap(button(card.root, 'Try again'));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).not.toHaveBeenCalled();
  });

  it('disables every control while sending, so a double tap sends once', () => {
    const props = cardProps(choiceAsk(), { status: { phase: 'sending' }, canRetry: true });
    card = mount(<AskCard {...props} />);
    expect(buttons(card.root).every((b) => b.disabled)).toBe(true);
    tap(button(card.root, 'Yes'));
    tap(button(card.root, 'Try again'));
    expect(props.onAnswer).not.toHaveBeenCalled();
    expect(props.onRetry).not.toHaveBeenCalled();
  });

  it('shows an unknown kind as unanswerable, with no buttons', () => {
    card = mount(<AskCard {...cardProps(unknownAsk, { canRetry: true })} />);
    expect(card.root.querySelector('article')?.getAttribute('aria-label')).toBe('Draw a map');
    expect(card.root.textContent).toContain('This question cannot be answered from the phone.');
    expect(card.root.querySelectorAll('button, input')).toHaveLength(0);
  });

  it('draws agent text as text', () => {
    card = mount(<AskCard {...cardProps(choiceAsk({ title: '<b>bold</b>', options: [{ id: 'x', label: '<i>x</i>' }] }))} />);
    expect(card.root.querySelector('b, i')).toBeNull();
    expect(card.root.querySelector('.ask-title')?.textContent).toBe('<b>bold</b>');
  });
});

import type { AskOutcome, PhoneAsk } from '../../../wire/bridge-json';
import type { Answer } from '../../../wire/types';

/** What a card shows about the person's latest tap on it. */
export type CardStatus = { phase: 'idle' } | { phase: 'sending' } | { phase: 'offline' } | { phase: 'done'; outcome: AskOutcome } | { phase: 'refused'; reason: string };

export interface CardProps {
  ask: PhoneAsk;
  agentName: string;
  /** The agent is reached over TLS with a token: allow-always is never offered. */
  overToken: boolean;
  status: CardStatus;
  /** `Try again` is offered: the first try's outcome is unknown (never after a second try). */
  canRetry: boolean;
  /** `secondTap` is true only when an allow-always option was armed by a first tap, then tapped again. */
  onAnswer(answer: Answer, options: { secondTap: boolean }): void;
  onRetry(): void;
  /** The clock for the countdown (tests pass their own). */
  now?: () => number;
}

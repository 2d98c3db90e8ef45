import type { PhoneAsk } from '../../../wire/bridge-json';
import type { Answer } from '../../../wire/types';
import type { CardStatus } from '../../stores/card-status';

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

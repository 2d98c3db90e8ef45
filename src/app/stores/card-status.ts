import type { AskOutcome } from '../../wire/write-json';

/** What a card shows about the person's latest tap on it (the stores tell it; `card-props.ts` passes it on). */
export type CardStatus =
  { phase: 'idle' } | { phase: 'sending' } | { phase: 'offline'; bridge: boolean } | { phase: 'done'; outcome: AskOutcome } | { phase: 'refused'; reason: string };

import { BridgeHttpError } from '../../phone-api-client';

/** How long turning notifications on or off waits, all told, for the service worker, the browser's push service and the bridge. */
export const SWITCH_WAIT_MS = 15_000;

/** Who turning on or off was waiting on when it failed. */
export type SwitchStep = 'worker' | 'push' | 'bridge';

/**
 * Why the switch could not be turned: who it waited on, and whether that one did not answer in
 * time (`waitedMs`), refused (a bridge's error `code`) or failed in its own words (`detail`, the
 * browser's; for the bridge, that it could not be reached).
 */
export interface SwitchProblem {
  turning: 'on' | 'off';
  step: SwitchStep;
  waitedMs?: number;
  code?: string;
  detail?: string;
}

export class SwitchFailed extends Error {
  override readonly name = 'SwitchFailed';
  constructor(readonly problem: SwitchProblem) {
    super(`${problem.step}: ${problem.waitedMs !== undefined ? 'no answer in time' : (problem.code ?? problem.detail ?? '')}`);
  }
}

/** A timer the store can be given (tests pass a clock of their own); returns its cancel. */
export type SetTimer = (fire: () => void, ms: number) => () => void;

export const realTimer: SetTimer = (fire, ms) => {
  const id = setTimeout(fire, ms);
  return () => clearTimeout(id);
};

const words = (err: unknown) => (err instanceof Error && err.message ? err.message : String(err));

/**
 * One turn of the switch, bounded: every step it waits on races one shared deadline, and a step
 * that fails or is still waiting when the time is up ends the turn with a `SwitchFailed` naming it.
 * The person's answer to the browser's permission question is not a step: it waits for them.
 */
export function switchDeadline(turning: 'on' | 'off', waitMs: number, setTimer: SetTimer) {
  let cancel = () => {};
  const over = new Promise<'over'>((resolve) => (cancel = setTimer(() => resolve('over'), waitMs)));
  return {
    async step<T>(step: SwitchStep, work: Promise<T>): Promise<T> {
      const done = work.then(
        (value) => ({ value }),
        (err: unknown) => {
          const refused = step === 'bridge' && err instanceof BridgeHttpError;
          throw new SwitchFailed({ turning, step, ...(refused ? { code: err.code } : { detail: words(err) }) });
        },
      );
      const first = await Promise.race([done, over]);
      if (first === 'over') throw new SwitchFailed({ turning, step, waitedMs: waitMs });
      return first.value;
    },
    /** The turn ended: its deadline is not needed any more. */
    end: () => cancel(),
  };
}

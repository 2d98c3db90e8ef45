import { MAX_TRIES } from './limits';

/**
 * A request id's tries, a rule the phone and the bridge both keep: a request is sent at most
 * MAX_TRIES times, and one whose outcome is still unknown once its last try is spent may have run,
 * so it says maybe-applied and is never sent again.
 */
export const triesLeft = (tries: number): boolean => tries < MAX_TRIES;

/** What an unknown outcome is called after `tries` tries. */
export const unknownAfter = (tries: number): 'unknown' | 'maybe-applied' => (triesLeft(tries) ? 'unknown' : 'maybe-applied');

/**
 * What the settings switch says: each state a phone can be in, and why it cannot be on.
 * `stopped`: off because the bridge gave up on this phone's push service; turning on again retries.
 */
export type NotifyState = 'insecure' | 'ios-home-screen' | 'unsupported' | 'blocked' | 'off' | 'stopped' | 'on';

/** The states in which the switch can be tapped (the others are fixed by the browser or the address). */
export const TAPPABLE: readonly NotifyState[] = ['on', 'off', 'stopped', 'blocked'];

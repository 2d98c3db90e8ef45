/**
 * Where the phone keeps what it answered (answers-given.ts). A module of its own: the first
 * screen clears it on unpairing without loading the code that reads it.
 */
export const ANSWERS_GIVEN_KEY = 'collie.answers-given.v1';

/**
 * The paths one bridge of a crew calls on another (never the phone's): they sit beside the phone
 * API on the same HTTPS port, behind the same guard, and each but `join` needs a crew key.
 */
export const CREW_PREFIX = '/crew/';

export const CREW_PATHS = {
  /** On the lead: a member joins with a one-time code (`collie crew join`). */
  join: '/crew/join',
  /** On the lead: a member leaves (`collie crew leave`), with its key. */
  leave: '/crew/leave',
  /** On a member: the lead checks, with its key, that the member's origin reaches this member. */
  hello: '/crew/hello',
  /** On a member: the lead removed it (`collie crew remove`), with its key. */
  removed: '/crew/removed',
} as const;

import { join } from 'node:path';

/**
 * The control socket: how the `collie` verbs reach the running bridge. It is a Unix socket in the
 * state folder (0600 in a 0700 folder), so only the user who runs the bridge can use it: no token,
 * no port, nothing a phone or a web page can reach.
 */
export const controlSocketPath = (stateDir: string) => join(stateDir, 'control.sock');

export const CONTROL_PATHS = {
  status: '/status',
  pair: '/pair',
  devices: '/devices',
  rename: '/devices/rename',
  revoke: '/devices/revoke',
  crew: '/crew',
  crewInvite: '/crew/invite',
  crewJoin: '/crew/join',
  crewRemove: '/crew/remove',
  crewLeave: '/crew/leave',
} as const;

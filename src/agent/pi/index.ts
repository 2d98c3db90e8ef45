/*
 * `@colliepwa/durable-sdk/pi`: Pi, the open-source coding agent, as a durable agent. Pi is an
 * optional peer of the SDK: it is loaded when `openPiAgent` runs, and a missing Pi is `PiMissing`
 * with the line that installs it.
 */
export { openPiAgent, type OpenPiOptions, type PiAgent } from './pi-agent';
export { PiMissing, PI_PACKAGE, PI_TESTED_VERSION } from './load-pi';
export { READ_ONLY_TOOLS } from './tool-place';

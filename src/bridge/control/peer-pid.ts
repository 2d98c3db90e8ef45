/**
 * Run by Bun, with a Unix socket connection as its descriptor 3 (`collie`'s control socket hands
 * over each connection that asks to change something): prints the pid of the process that
 * connected, as the kernel recorded it (SO_PEERCRED), or 0 when it cannot say. Descriptor 3, not
 * standard input: a child's standard streams are set blocking, and the bridge shares the socket.
 */
import { bunPeerCredentials } from '../../agent/caller/bun-listener';

const peers = await bunPeerCredentials();
process.stdout.write(String(peers.peerPid(3)));

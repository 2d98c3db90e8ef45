import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { AgentSource } from '../config/config';
import { placeControlCaller, placePid } from './control-caller';
import type { ProcFiles } from './proc-sockets';

/** A fake /proc: processes (parent, command, terminal, sockets held) and the sockets listening. */
function proc(processes: Record<number, { parent: number; command?: string; tty?: number; sockets?: string[] }>, unix: string, tcp = ''): ProcFiles {
  return {
    read(path) {
      if (path === '/proc/net/unix') return `Num       RefCount Protocol Flags    Type St Inode Path\n${unix}`;
      if (path === '/proc/net/tcp') return `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n${tcp}`;
      const match = /^\/proc\/(\d+)\/(stat|cmdline)$/.exec(path);
      const p = match ? processes[Number(match[1])] : undefined;
      if (!p) return null;
      return match![2] === 'stat' ? `${match![1]} (x) S ${p.parent} 1 1 ${p.tty ?? 0} -1` : (p.command ?? '').split(' ').join('\0');
    },
    list: (path) => processes[Number(/^\/proc\/(\d+)\/fd$/.exec(path)?.[1])]?.sockets?.map((_, i) => String(i)) ?? [],
    link(path) {
      const [, pid, fd] = /^\/proc\/(\d+)\/fd\/(\d+)$/.exec(path) ?? [];
      const inode = processes[Number(pid)]?.sockets?.[Number(fd)];
      return inode ? `socket:[${inode}]` : null;
    },
  };
}

const UNIX = [
  '0000000000000001: 00000002 00000000 00010000 0001 01 5001 /run/coder.sock',
  '0000000000000002: 00000003 00000000 00000000 0001 03 5002 /run/coder.sock',
  '0000000000000003: 00000002 00000000 00010000 0001 01 5003 /run/with space.sock',
].join('\n');
const TCP = '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 7001 1 0000000000000000 100 0 0 10 0';
const agents: AgentSource[] = [
  { name: 'coder', address: { kind: 'socket', path: '/run/coder.sock' } },
  { name: 'spaced', address: { kind: 'socket', path: '/run/with space.sock' } },
  { name: 'edge', address: { kind: 'url', url: 'http://127.0.0.1:8080', token: 't'.repeat(32) } },
  { name: 'far', address: { kind: 'url', url: 'https://edge.example.com', token: 't'.repeat(32) } },
];

describe('who asked the control socket to change something', () => {
  const tree = proc(
    {
      100: { parent: 1, sockets: ['5001'] }, // the agent: holds its listening socket
      200: { parent: 100 }, // its bash tool
      300: { parent: 200, command: 'node bin.cjs pair --name my-phone' }, // collie pair, run by the tool
      400: { parent: 1, sockets: ['5003'] },
      410: { parent: 400 },
      500: { parent: 1, sockets: ['7001'] }, // an agent behind a token on this machine
      510: { parent: 500 },
      600: { parent: 1, command: 'bash' },
      610: { parent: 600, command: 'node bin.cjs pair', tty: (136 << 8) | 3 }, // the person's terminal, pts/3
    },
    UNIX,
    TCP,
  );

  it("refuses an agent's own processes at any depth, by its socket, a path with spaces, or its port here", () => {
    expect(placePid(300, agents, tree)).toEqual({ place: 'agent', agent: 'coder', pid: 300 });
    expect(placePid(100, agents, tree)).toEqual({ place: 'agent', agent: 'coder', pid: 100 });
    expect(placePid(410, agents, tree)).toMatchObject({ place: 'agent', agent: 'spaced' });
    expect(placePid(510, agents, tree)).toMatchObject({ place: 'agent', agent: 'edge' });
  });

  it("takes the person's process, saying its command and terminal; one it cannot place is unknown", () => {
    expect(placePid(610, agents, tree)).toEqual({ place: 'person', made: { by: 'collie pair', pid: 610, command: 'node bin.cjs pair', terminal: 'pts/3' } });
    expect(placePid(300, [], tree)).toEqual({ place: 'person', made: { by: 'collie pair', pid: 300, command: 'node bin.cjs pair --name my-phone', terminal: null } });
    expect(placePid(0, agents, tree)).toEqual({ place: 'unknown' });
    expect(placePid(999, agents, tree)).toEqual({ place: 'unknown' });
  });

  it('says it cannot tell off Linux or without Bun', async () => {
    const socket = createServer().listen(0);
    const fake = { helper: '', proc: tree };
    expect(await placeControlCaller(socket as never, agents, { ...fake, platform: 'darwin', bun: '/bin/sh' })).toEqual({
      place: 'unchecked',
      why: "the control socket's caller cannot be told on darwin",
    });
    expect(await placeControlCaller(socket as never, agents, { ...fake, platform: 'linux', bun: '/no/bun' })).toMatchObject({ place: 'unchecked' });
    socket.close();
  });
});

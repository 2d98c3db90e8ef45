import { spawn, type ChildProcess } from 'node:child_process';
import { isRecord } from '../../wire/read';
import { JsonRpcPeer, RpcError, RPC_CODES, type IncomingRequest } from './json-rpc';

/** The ACP version this host speaks (the protocol's integer version). */
export const ACP_PROTOCOL_VERSION = 1;

/** Lines past this are read past, never held: a 50 MB tool output is read, cut and shown; one much larger is dropped. */
export const ACP_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** How long the agent has to answer `initialize`, and each request but a prompt. */
export const ACP_REQUEST_MS = 30_000;

export interface AcpCommand {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How long the agent has to answer `initialize` and each request but a prompt (tests shorten it). */
  requestMs?: number;
}

/** What `initialize` said of the agent. */
export interface AcpAgentInfo {
  loadSession: boolean;
  /** Names of the logins the agent offers (`authMethods`), for the words a login hint uses. */
  authMethods: string[];
  /** The agent's own name and version, when it gives them. */
  name?: string;
  version?: string;
}

export interface AcpProcess {
  peer: JsonRpcPeer;
  info: AcpAgentInfo;
  pid: number | undefined;
  /** Resolves once the process has exited, with a sentence saying how. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts an ACP agent as this host's child and initializes it: it gets no `fs` and no `terminal`
 * capability (the agent reads and writes with its own tools, each behind its own permission
 * request, instead of through the host), and what it asks of those is answered "method not found".
 * Rejects, with the process stopped, when it exits or does not answer `initialize` in time.
 */
export async function startAcpProcess(
  command: AcpCommand,
  handlers: { request: IncomingRequest; notification: (method: string, params: unknown) => void },
  log: (line: string) => void,
): Promise<AcpProcess> {
  const child = spawn(command.command, command.args, { cwd: command.cwd, env: command.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<string>((resolve) => {
    child.once('error', (err) => resolve(`it could not start: ${err.message}`));
    child.once('exit', (code, signal) => resolve(signal ? `it was ended by ${signal}` : `it exited with code ${code ?? 0}`));
  });
  forwardStderr(child, log);
  const peer = new JsonRpcPeer(child.stdout, child.stdin, { maxLineBytes: ACP_MAX_LINE_BYTES, requestMs: command.requestMs ?? ACP_REQUEST_MS, log });
  // The exit says how it ended; an agent that closes its output and stays (it cannot be heard) is ended as gone a moment later.
  const closed = new Promise<string>((resolve) => child.stdout.once('close', () => setTimeout(() => resolve('it closed its output'), 1000).unref()));
  void Promise.race([exited, closed]).then((why) => peer.end(`the agent is gone: ${why}`));
  void closed.then(() => stopChild(child, exited));
  peer.handleRequests((method, params, id) => (method === 'session/request_permission' ? handlers.request(method, params, id) : refuse(method)));
  peer.handleNotifications(handlers.notification);
  const stop = () => stopChild(child, exited);
  try {
    const reply = await Promise.race([
      peer.request('initialize', {
        protocolVersion: ACP_PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
        clientInfo: { name: 'collie', title: 'Collie', version: '1' },
      }),
      exited.then((why) => Promise.reject(new Error(`the agent stopped before it answered initialize: ${why}`))),
    ]);
    return { peer, info: agentInfo(reply), pid: child.pid, exited, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What the host does not offer: the agent's files and terminals are its own (README says why). */
function refuse(method: string): Promise<never> {
  return Promise.reject(new RpcError(RPC_CODES.methodNotFound, `${method.slice(0, 64)} is not offered by this client`));
}

function agentInfo(reply: unknown): AcpAgentInfo {
  const record = isRecord(reply) ? reply : {};
  const caps = isRecord(record.agentCapabilities) ? record.agentCapabilities : {};
  const methods = Array.isArray(record.authMethods) ? record.authMethods.filter(isRecord) : [];
  const about = isRecord(record.agentInfo) ? record.agentInfo : {};
  return {
    loadSession: caps.loadSession === true,
    authMethods: methods.map((m) => (typeof m.name === 'string' ? m.name.slice(0, 80) : typeof m.id === 'string' ? m.id.slice(0, 80) : 'login')).slice(0, 8),
    ...(typeof about.name === 'string' ? { name: about.name.slice(0, 64) } : {}),
    ...(typeof about.version === 'string' ? { version: about.version.slice(0, 32) } : {}),
  };
}

/** The agent's own log lines go to the host's log, each cut, at most a few a second. */
function forwardStderr(child: ChildProcess, log: (line: string) => void): void {
  let budget = 20;
  const refill = setInterval(() => (budget = 20), 1000);
  refill.unref();
  child.once('exit', () => clearInterval(refill));
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = (lines.pop() ?? '').slice(-2000);
    for (const line of lines) if (line.trim() && budget-- > 0) log(`[agent stderr] ${line.slice(0, 400)}`);
  });
}

async function stopChild(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(late);
}

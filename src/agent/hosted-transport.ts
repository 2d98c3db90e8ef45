import type { OpenCollieOptions } from './kit';

export type HostedTransportOptions = Pick<OpenCollieOptions, 'socket' | 'port' | 'host' | 'tls' | 'tokens'>;

/**
 * A hosted agent's transport (Pi's, an ACP agent's) as `openCollie` takes it: its private socket
 * when given one, else a port behind tokens; only the fields given are passed on.
 */
export function hostedTransport(options: HostedTransportOptions): HostedTransportOptions {
  if (options.socket !== undefined) return { socket: options.socket };
  return {
    port: options.port ?? 0,
    ...(options.host ? { host: options.host } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.tokens ? { tokens: options.tokens } : {}),
  };
}

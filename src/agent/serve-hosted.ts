/**
 * The life of a hosted agent's own process (`collie pi`, `collie acp`): it prints
 * `listening <socket>` once the socket answers, closes on SIGTERM or Ctrl-C, and on a failed
 * start prints one `[agent]` line and exits with the code the host gives the error.
 */
export async function serveHosted(open: () => Promise<{ collie: { address: string }; close(): Promise<void> }>, exitCode: (err: unknown) => number = () => 1): Promise<void> {
  try {
    const agent = await open();
    console.log(`listening ${agent.collie.address}`);
    const stop = () => void agent.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (err) {
    console.error(`[agent] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(exitCode(err));
  }
}

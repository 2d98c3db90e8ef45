/** What every verb of the CLI shares, kept apart so a verb loads no more than it runs. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}

/** A mistake in how the command was called: exit 2. Its message never quotes an argument's value. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

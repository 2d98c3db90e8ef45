/** `collie durable`'s help, its one home (the CLI's full help quotes its usage line). Kept apart so `collie help` loads no rule. */
export const DURABLE_HELP = `collie durable — durable agents

  collie durable check <socket-path | url> [--token-env VAR] [--writes] [--json] [--wait-ready-ms N]
      checks a live durable agent against every WIRE.md rule that can be seen from outside;
      prints one line per rule (ok, warn, FAIL or skip) and exits 1 when any rule fails.
      warn: the bridge shows what the agent sent, but changed; FAIL: it drops or refuses it,
      or a rule is broken (such as a time without a zone).
      --token-env VAR    a URL's token is read from the environment variable VAR, never
                         from the command line
      --writes           also send writes: each is one the agent must refuse or that changes
                         nothing, but for one text queued behind a turn already running
                         (it says the check sent it)
      --json             print one JSON object for CI instead of the lines
      --wait-ready-ms N  how long to wait for the agent to be ready (default 5000)
`;

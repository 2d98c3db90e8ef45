import { durableMain } from '../conformance/check-cli';

/** `collie durable check <target> --writes --json` with the token from a variable: how many rules were ok, and which failed. */
export async function checkWrites(target: string, token: string): Promise<{ ok: number; failures: string[] }> {
  const out: string[] = [];
  await durableMain(['check', target, '--token-env', 'T', '--writes', '--json'], { out: (t) => out.push(t), err: (t) => out.push(t), env: { T: token } });
  const report = JSON.parse(out.join('')) as { counts: { ok: number }; rules: { name: string; status: string }[] };
  return { ok: report.counts.ok, failures: report.rules.filter((r) => r.status === 'fail').map((r) => r.name) };
}

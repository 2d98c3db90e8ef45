import { parseItem, type ItemDropReason } from '../../wire/parse-item';
import { time, type Rec } from '../../wire/read';
import type { Problem } from './rule';

/**
 * The judge of one raw item (WIRE.md §9), by what the bridge does with it: an item it drops
 * is a FAIL (the person never sees it), and so is an `at` that is not a time with a zone (the
 * bridge shows the item without a time, but the wire has no local times: the rule is broken);
 * an item it shows changed is a warn (text it cleans or cuts, an optional field it leaves out, a
 * kind v1 does not name).
 */
const DROPPED: Record<Exclude<ItemDropReason, 'unknown-kind'>, string> = {
  'bad-id': 'its id or toolCallId breaks the id rule',
  'bad-link': 'its url is not an https:// address with a host (no user, password, space or backslash)',
  malformed: 'a required field is missing or wrong (text; a tool’s name and status running, done, failed or denied)',
};

export function itemProblems(paneId: string, raw: unknown): Problem[] {
  const name = `pane ${paneId}, item ${JSON.stringify((raw as Rec | null)?.id ?? null)}`;
  let reason: ItemDropReason | undefined;
  const parsed = parseItem(raw, (why) => (reason = why)) as Rec | null;
  if (!parsed) {
    if (reason === 'unknown-kind') return [{ level: 'warn', text: `${name}: kind ${JSON.stringify((raw as Rec).kind)} is not a v1 kind, so the bridge skips it` }];
    return [{ level: 'fail', text: `${name} is dropped by the bridge: ${DROPPED[reason ?? 'malformed']}` }];
  }
  const item = raw as Rec;
  const problems: Problem[] = [];
  if (time(item.at) === undefined)
    problems.push({ level: 'fail', text: `${name}: at ${JSON.stringify(item.at ?? null).slice(0, 80)} is not an ISO 8601 time with a zone (the bridge shows no time)` });
  for (const [key, value] of Object.entries(item)) {
    if (key === 'at' || key === 'id' || key === 'kind') continue;
    if (!(key in parsed)) {
      problems.push({ level: 'warn', text: `${name}: ${key} is not read by the bridge (a field v1 does not name for this kind, or one of the wrong type or empty)` });
    } else if (parsed[key] !== value) {
      problems.push({ level: 'warn', text: `${name}: ${key} is changed by the bridge (controls or invisible characters removed, or cut to its limit)` });
    }
  }
  return problems;
}

import { readFile, stat } from 'node:fs/promises';
import { isRecord } from '../../wire/read';
import { FatalConfigError } from '../config/config';
import { CONTROL_PATHS } from '../control/control-paths';
import type { CrewListing } from '../crew/crew-terms';
import { crewPath, parseCrew, type CrewData } from '../crew/crew-file';
import { controlCall } from './control-client';
import type { CheckResult } from './doctor-socket';

/**
 * `crew`: on the lead, each member and how it last answered; on a member, its lead and when the
 * lead last asked. Read from the running bridge when one runs, else from crew.json without the
 * bridge (changing nothing: a mode group or others can read is a FAIL, not tightened). Never a key.
 */
export async function crewCheck(stateDir: string, running: boolean): Promise<CheckResult> {
  const path = crewPath(stateDir);
  let crew: CrewData;
  try {
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) return { ok: false, text: `${path} has mode ${mode.toString(8).padStart(4, '0')}, so group or others can read the crew's keys: chmod 600 ${path}` };
    crew = parseCrew(JSON.parse(await readFile(path, 'utf8')), path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, text: 'in no crew (collie crew invite, on the machine whose phone sees the others)' };
    if (err instanceof FatalConfigError) return { ok: false, text: `the bridge would not start: ${err.message}` };
    if (err instanceof SyntaxError) return { ok: false, text: `${path} is not valid JSON: the bridge would not start` };
    return { ok: false, text: `${path} cannot be read (${code ?? 'error'})` };
  }
  const listing = running ? await liveListing(stateDir) : null;
  if (crew.lead) {
    const lead = crew.lead;
    const asked =
      listing?.role === 'member'
        ? listing.lead.lastSeen
          ? `the lead last asked at ${listing.lead.lastSeen}`
          : 'the lead has not asked since this bridge started'
        : 'the bridge is not running';
    return { ok: true, text: `a member of the crew of ${lead.origin}, as ${lead.label}; ${asked}` };
  }
  if (crew.members.length === 0) return { ok: true, text: 'in no crew (collie crew invite, on the machine whose phone sees the others)' };
  if (listing?.role !== 'lead') return { ok: true, text: `this bridge leads ${crew.members.map((m) => m.label).join(', ')}; it is not running` };
  const down = listing.members.filter((m) => m.state === 'not-answering' || m.state === 'refused');
  const states = listing.members.map((m) => `${m.label} ${m.state === 'not-answering' ? 'is not answering' : `is ${m.state}`}`).join(', ');
  if (down.length > 0)
    return { ok: false, text: `this bridge leads a crew where ${states}: start the bridge on ${down.map((m) => `${m.label} (${m.origin})`).join(', ')}, or collie crew remove it` };
  return { ok: true, text: `this bridge leads a crew where ${states}` };
}

async function liveListing(stateDir: string): Promise<CrewListing | null> {
  try {
    const reply = await controlCall(stateDir, 'GET', CONTROL_PATHS.crew);
    return reply.status === 200 && isRecord(reply.json) ? (reply.json as CrewListing) : null;
  } catch (err) {
    if (err instanceof Error) return null;
    throw err;
  }
}

import { INVITATION_LIFETIME_WORDS } from '../../wire/pairing-link';
import { textTable } from './text-table';
import { str } from '../../wire/read';
import { UsageError, type CliIo } from '../conformance/usage-error';
import { CONTROL_PATHS } from '../control/control-paths';
import { CREW_LIMITS, type CrewListing, type MemberListing } from '../crew/crew-terms';
import { controlCall, controlWrite } from './control-client';
import { parseOptions } from './parse-options';
import { askBridge } from './running-bridge';

/** Where `collie crew join` reads the code when standard input does not give it. */
export const CREW_CODE_ENV = 'COLLIE_CREW_CODE';

/**
 * `collie crew invite | join | list | remove | leave`: the crew of bridges, asked of the running
 * bridge over the control socket (the bridge makes the HTTPS calls between machines). A join
 * code is printed once, on a line of its own, and read back only from standard input or
 * `COLLIE_CREW_CODE`, never from the command line (where `ps` and the shell's history see it).
 */
export async function crewCommand(args: string[], io: CliIo, stateDir: string, readCode: () => Promise<string>): Promise<number> {
  const { values, positionals } = parseOptions(args, { label: { type: 'string' }, json: { type: 'boolean' } });
  const [sub, ...rest] = positionals;
  if (sub === undefined) throw new UsageError('which crew command? invite, join, list, remove or leave');
  const takes = (n: number, what: string) => {
    if (rest.length !== n) throw new UsageError(what);
  };
  const only = (allowed: ('label' | 'json')[]) => {
    for (const name of ['label', 'json'] as const) if (values[name] !== undefined && !allowed.includes(name)) throw new UsageError(`${sub} takes no --${name}`);
  };
  if (sub === 'invite') {
    takes(0, 'invite takes no arguments');
    only(['label']);
  } else if (sub === 'join') {
    takes(1, "join takes the lead's address: collie crew join https://<lead>:<port> --label NAME");
    only(['label']);
    if (!values.label) throw new UsageError('join needs --label NAME: the name this machine has in the crew');
  } else if (sub === 'list') {
    takes(0, 'list takes no arguments');
    only(['json']);
  } else if (sub === 'remove') {
    takes(1, 'remove takes one label');
    only([]);
  } else if (sub === 'leave') {
    takes(0, 'leave takes no arguments');
    only([]);
  } else {
    throw new UsageError(`unknown crew command: ${/^[\w-]{1,20}$/.test(sub) ? sub : '(not shown)'}`);
  }
  if (!(await askBridge(stateDir)).running) {
    io.err(`collie crew: the bridge is not running: the crew is the running bridge's (collie start)\n`);
    return 1;
  }
  switch (sub) {
    case 'invite': {
      const reply = await controlWrite(stateDir, CONTROL_PATHS.crewInvite, { label: values.label });
      if (!reply.ok) return refused(io, reply.message);
      const code = str(reply.json.code) ?? '';
      const lead = str(reply.json.origin) ?? 'https://<this machine>';
      io.out(`${code}\n`);
      io.out(`On the other machine, with its bridge serving HTTPS: collie crew join ${lead} --label ${values.label ?? 'NAME'}\n`);
      io.out(`and give it this code on its standard input (or in ${CREW_CODE_ENV}). It works once, for ${INVITATION_LIFETIME_WORDS}.\n`);
      return 0;
    }
    case 'join': {
      const code = (io.env[CREW_CODE_ENV] ?? (await readCode())).trim();
      if (code === '') throw new UsageError(`join reads the code from standard input or ${CREW_CODE_ENV}, never from the command line`);
      const reply = await controlWrite(stateDir, CONTROL_PATHS.crewJoin, { lead: rest[0], label: values.label, code }, CREW_LIMITS.joinMs + 3000);
      if (!reply.ok) return refused(io, reply.message);
      io.out(`joined the crew of ${str(reply.json.origin) ?? rest[0]} as ${str(reply.json.label) ?? values.label}: its phone now sees this machine's agents\n`);
      return 0;
    }
    case 'remove': {
      const label = rest[0]!;
      const reply = await controlWrite(stateDir, CONTROL_PATHS.crewRemove, { label });
      if (!reply.ok) return refused(io, reply.message);
      if (reply.json.removed !== true) return refused(io, `no member of this crew is called ${/^[\w-]{1,64}$/.test(label) ? label : '(not shown)'}`);
      io.out(`removed ${label}: its agents left the phone${reply.json.told === true ? '' : ' (it did not answer: it learns it when it next asks)'}\n`);
      return 0;
    }
    case 'leave': {
      const reply = await controlWrite(stateDir, CONTROL_PATHS.crewLeave, {});
      if (!reply.ok) return refused(io, reply.message);
      if (reply.json.left !== true) return refused(io, 'this bridge is not a member of a crew');
      io.out(`left the crew of ${str(reply.json.origin) ?? 'the lead'}${reply.json.told === true ? '' : ' (the lead did not answer: run collie crew remove there)'}\n`);
      return 0;
    }
    default: {
      const reply = await controlCall(stateDir, 'GET', CONTROL_PATHS.crew);
      const listing = reply.json as CrewListing;
      io.out(values.json ? `${JSON.stringify(listing, null, 2)}\n` : listingText(listing));
      return 0;
    }
  }
}

function refused(io: CliIo, message: string): number {
  io.err(`collie crew: ${message}\n`);
  return 1;
}

const STATE_WORDS: Record<MemberListing['state'], string> = {
  joined: 'joined, not read yet',
  live: 'live',
  'not-answering': 'not answering',
  refused: "refuses the lead's key",
};

const shownTime = (iso: string | null) => iso?.slice(0, 16).replace('T', ' ') ?? 'never';

/** The crew as `collie crew list` prints it: never a key. */
export function listingText(listing: CrewListing): string {
  if (listing.role === 'none') return 'this bridge is in no crew: collie crew invite makes a join code for another machine\n';
  if (listing.role === 'member') {
    const { lead } = listing;
    return `a member of the crew of ${lead.origin}, as ${lead.label} (joined ${shownTime(lead.joined)}; the lead last asked ${shownTime(lead.lastSeen)})\n`;
  }
  const rows = [['label', 'address', 'last seen', 'state'], ...listing.members.map((m) => [m.label, m.origin, shownTime(m.lastSeen), STATE_WORDS[m.state] ?? m.state])];
  return textTable(rows);
}

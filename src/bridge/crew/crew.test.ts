import { readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startBridge } from '../bridge';
import { FatalConfigError } from '../config/config';
import { FAILURES_ALLOWED } from '../pairing/failure-limit';
import { hashSecret } from '../pairing/secrets';
import { makeTestCa } from '../testing/tls';
import { CrewRefusal } from './crew-terms';
import { crewCall } from './crew-call';
import { crewPath } from './crew-file';
import { CREW_PATHS } from './crew-paths';
import { joinCrew, type RigBridge } from '../testing/crew-rig';
import { crewTestPerFile } from '../testing/crew-test';

/** Joining, listing, removing and leaving, with two (or three) real bridges over loopback HTTPS. */
const crewTest = crewTestPerFile();
const bridgeNamed = (name: string, extra: Parameters<typeof crewTest.bridge>[1] = {}): Promise<RigBridge> => crewTest.bridge(name, extra);

const call = (origin: string, path: string, body?: unknown, key?: string) =>
  crewCall(origin, { method: body === undefined ? 'GET' : 'POST', path, body, key, deadlineMs: 5000, maxBytes: 16384 }, { ca: crewTest.tls.ca });
const fileOf = async (rig: RigBridge) => JSON.parse(await readFile(crewPath(rig.stateDir), 'utf8')) as Record<string, unknown>;

describe('a crew of bridges', () => {
  it('a member joins with a one-time code; each side keeps the key it checks only as a hash, 0600; both list it without a key', async () => {
    const lead = await bridgeNamed('lead');
    const member = await bridgeNamed('member');
    const { code, origin } = lead.bridge.crew.invite(null);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(origin).toBe(lead.bridge.origin);
    expect(await member.bridge.crew.join(lead.bridge.origin, 'build-box', code)).toEqual({ label: 'build-box', origin: lead.bridge.origin });

    const leadFile = await fileOf(lead);
    const memberFile = await fileOf(member);
    for (const rig of [lead, member]) expect((await stat(crewPath(rig.stateDir))).mode & 0o777).toBe(0o600);
    const [kept] = leadFile.members as { label: string; origin: string; key: string; memberKeyHash: string }[];
    const joined = memberFile.lead as { origin: string; label: string; leadKeyHash: string; key: string };
    expect(kept).toMatchObject({ label: 'build-box', origin: member.bridge.origin });
    expect(joined).toMatchObject({ origin: lead.bridge.origin, label: 'build-box' });
    // The lead's key is whole only on the lead (it presents it), a hash on the member; the member's the other way round.
    expect(joined.leadKeyHash).toBe(hashSecret(kept!.key));
    expect(kept!.memberKeyHash).toBe(hashSecret(joined.key));
    expect(JSON.stringify(memberFile)).not.toContain(kept!.key);
    expect(JSON.stringify(leadFile)).not.toContain(joined.key);
    expect(JSON.stringify(leadFile)).not.toContain(code);

    const listed = lead.bridge.crew.listing();
    expect(listed).toEqual({
      role: 'lead',
      origin: lead.bridge.origin,
      // Its dashboard is read from the moment it joined: not read yet, or read already.
      members: [
        {
          label: 'build-box',
          origin: member.bridge.origin,
          joined: expect.any(String),
          lastSeen: expect.toSatisfy((v) => v === null || typeof v === 'string'),
          state: expect.stringMatching(/^(joined|live)$/),
        },
      ],
    });
    expect(member.bridge.crew.listing()).toMatchObject({ role: 'member', lead: { origin: lead.bridge.origin, label: 'build-box' } });
    for (const text of [JSON.stringify(listed), JSON.stringify(member.bridge.crew.listing())]) for (const key of [kept!.key, joined.key]) expect(text).not.toContain(key);
    expect(lead.logs).toContain(`[bridge] crew: build-box joined (${member.bridge.origin})`);

    // The member's phone API lets the lead in with its key, as a control device; a forged key or none is refused.
    expect((await call(member.bridge.origin, '/api/dashboard', undefined, kept!.key)).status).toBe(200);
    expect((await call(member.bridge.origin, '/api/dashboard', undefined, 'f'.repeat(43))).status).toBe(401);
    expect((await call(member.bridge.origin, '/api/dashboard')).status).toBe(401);
    expect((await call(member.bridge.origin, '/api/dashboard', undefined, joined.key)).status).toBe(401); // the member's own key opens nothing there
  });

  it('refuses a reused, unknown or expired code with a sentence, and rate-limits wrong ones per address', async () => {
    const lead = await bridgeNamed('lead');
    const member = await bridgeNamed('member');
    const second = await bridgeNamed('second');
    const { code } = lead.bridge.crew.invite(null);
    await member.bridge.crew.join(lead.bridge.origin, 'one', code);
    await expect(second.bridge.crew.join(lead.bridge.origin, 'two', code)).rejects.toThrow(
      new CrewRefusal('the lead refused: this join code was used already: collie crew invite on the lead makes another'),
    );
    await expect(second.bridge.crew.join(lead.bridge.origin, 'two', 'A'.repeat(43))).rejects.toThrow('the lead refused: this join code is not one the lead made');
    for (let i = 2; i < FAILURES_ALLOWED; i++) expect((await call(lead.bridge.origin, CREW_PATHS.join, { code: 'B'.repeat(43) })).status).toBe(403);
    const limited = await call(lead.bridge.origin, CREW_PATHS.join, { code: 'B'.repeat(43) });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 'too-many-tries' });
    expect(lead.logs.filter((l) => l.includes('too many wrong crew codes'))).toHaveLength(1);
    // Nothing joined: the second bridge is in no crew, the lead has one member.
    expect(second.bridge.crew.listing().role).toBe('none');
    expect(lead.bridge.crew.members.map((m) => m.label)).toEqual(['one']);
  });

  it('takes no member whose origin does not reach it: the lead calls the origin back with its key first', async () => {
    const lead = await bridgeNamed('lead');
    const member = await bridgeNamed('member');
    // A forged join naming the member's origin: the member knows no such lead key, so it is refused.
    const { code } = lead.bridge.crew.invite(null);
    const forged = await call(lead.bridge.origin, CREW_PATHS.join, { code, label: 'ghost', origin: member.bridge.origin, leadKey: 'k'.repeat(43), memberKey: 'm'.repeat(43) });
    expect(forged.status).toBe(400);
    expect((forged.json as { message: string }).message).toBe(`the lead could not reach this member at ${member.bridge.origin}: it answered 401`);
    expect(lead.bridge.crew.members).toEqual([]);
    // An origin whose certificate this machine does not trust: refused the same way.
    const stranger = await makeTestCa(crewTest.dir.path);
    const other = await bridgeNamed('other', { tls: { cert: stranger.cert.toString(), key: stranger.key.toString() }, crew: { tls: { ca: crewTest.tls.ca } } });
    const { code: second } = lead.bridge.crew.invite(null);
    const untrusted = await call(lead.bridge.origin, CREW_PATHS.join, {
      code: second,
      label: 'other',
      origin: other.bridge.origin,
      leadKey: 'k'.repeat(43),
      memberKey: 'm'.repeat(43),
    });
    expect((untrusted.json as { message: string }).message).toMatch(/^the lead could not reach this member at \S+: its certificate was refused \(/);
  });

  it('speaks HTTPS only and follows no redirect', async () => {
    const plain = await bridgeNamed('plain', { tls: undefined });
    const lead = await bridgeNamed('lead');
    const { code } = lead.bridge.crew.invite(null);
    await expect(plain.bridge.crew.join(lead.bridge.origin, 'plain', code)).rejects.toThrow(/^this bridge serves plain HTTP, and bridges of a crew speak HTTPS only/);
    const member = await bridgeNamed('member');
    await expect(member.bridge.crew.join(plain.bridge.url, 'm', code)).rejects.toThrow(/^the lead's address must be https:\/\//);
    expect((await fetch(new URL(CREW_PATHS.hello, plain.bridge.url))).status).toBe(404);

    const redirect = createServer({ cert: crewTest.tls.cert, key: crewTest.tls.key }, (_req, res) => res.writeHead(302, { location: lead.bridge.origin + CREW_PATHS.join }).end());
    crewTest.later(() => redirect.close());
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    const at = `https://127.0.0.1:${(redirect.address() as AddressInfo).port}`;
    await expect(member.bridge.crew.join(at, 'm', code)).rejects.toThrow('the lead answered with a redirect (302), which is not followed: give its https:// address itself');
    // The code was never spent: it still joins at the lead itself.
    await member.bridge.crew.join(lead.bridge.origin, 'm', code);
  });

  it('remove on the lead tells the member; leave on a member tells the lead; a key from outside the crew is refused', async () => {
    const lead = await bridgeNamed('lead');
    const member = await bridgeNamed('member');
    const second = await bridgeNamed('second');
    await joinCrew(lead.bridge, member.bridge, 'one');
    await joinCrew(lead.bridge, second.bridge, 'two');
    const heard: string[] = [];
    lead.bridge.crew.onRemove((label) => heard.push(label));

    expect(await lead.bridge.crew.remove('one')).toEqual({ removed: true, told: true });
    expect(member.bridge.crew.listing().role).toBe('none');
    expect(await fileOf(member)).toEqual({ lead: null, members: [] });
    expect(await lead.bridge.crew.remove('one')).toEqual({ removed: false, told: false });

    const key = ((await fileOf(lead)).members as { key: string }[])[0]!.key;
    expect((await call(second.bridge.origin, CREW_PATHS.hello, undefined, key)).json).toEqual({ label: 'two' });
    expect((await call(second.bridge.origin, CREW_PATHS.hello, undefined, 'x'.repeat(43))).status).toBe(401);
    expect((await call(lead.bridge.origin, CREW_PATHS.leave, {}, 'x'.repeat(43))).status).toBe(401);

    expect(await second.bridge.crew.leave()).toEqual({ left: true, told: true, origin: lead.bridge.origin });
    expect(lead.bridge.crew.listing()).toEqual({ role: 'none', origin: lead.bridge.origin });
    expect(heard).toEqual(['one', 'two']);
    // The lead's old key no longer opens the member that left.
    expect((await call(second.bridge.origin, CREW_PATHS.hello, undefined, key)).status).toBe(401);
    expect(await second.bridge.crew.leave()).toEqual({ left: false, told: false });
  });

  it('a lead joins no crew, and a member invites none', async () => {
    const lead = await bridgeNamed('lead');
    const member = await bridgeNamed('member');
    const third = await bridgeNamed('third');
    await joinCrew(lead.bridge, member.bridge, 'one');
    const { code } = third.bridge.crew.invite(null);
    await expect(lead.bridge.crew.join(third.bridge.origin, 'lead', code)).rejects.toThrow('this bridge leads a crew: a lead joins no other');
    expect(() => member.bridge.crew.invite(null)).toThrow(/^this bridge is a member of the crew of/);
    expect(() => lead.bridge.crew.invite('one')).toThrow('a member is already called one: collie crew remove one first, or give another label');
  });

  it('a malformed crew file stops the bridge with one FATAL line', async () => {
    const stateDir = `${crewTest.dir.path}/bad`;
    const start = () => startBridge({ sources: [], durable: true, stateDir, host: '127.0.0.1', port: 0, log: () => {} });
    const bridge = await start();
    await bridge.close();
    for (const [text, line] of [
      ['{', /crew\.json is not valid JSON/],
      ['{"members": []}', /crew\.json must hold \{ "lead": …, "members": \[ … \] \}/],
      ['{"lead": null, "members": [{"label": "one"}]}', /crew\.json: member 1 is malformed/],
    ] as const) {
      await writeFile(crewPath(stateDir), text, { mode: 0o600 });
      const failed = await start().then(
        async (b) => {
          await b.close();
          return null;
        },
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(FatalConfigError);
      expect((failed as FatalConfigError).line).toMatch(line);
      expect((failed as FatalConfigError).line).not.toContain('\n');
    }
  });
});

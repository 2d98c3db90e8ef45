/**
 * The crew room: one phone, several machines. A bridge is the lead of a crew, a member of one, or
 * neither. The lead invites (`collie crew invite`: a one-time code, under pairing's rules), a
 * member joins with it and names its own HTTPS origin, which the lead calls back before it takes
 * the member in (both sides in `crew-join.ts`; the terms both use in `crew-terms.ts`). Both keep
 * what they know of the other in `<state>/crew.json` (`crew-file.ts`, 0600), the other's key only
 * as its hash. Bridges speak HTTPS only (`crew-call.ts`), on the paths of `crew-paths.ts`,
 * answered by `crew-routes.ts`.
 */
import { looksLikeSecret } from '../../wire/pairing-link';
import { isRecord, str } from '../../wire/read';
import { checkName } from '../config/source-rules';
import { HttpError } from '../http/http-error';
import { FailureLimit } from '../pairing/failure-limit';
import type { DeviceInfo } from '../pairing/device-store';
import { Invitations } from '../pairing/invitations';
import { hashSecret, mintSecret, secretMatches } from '../pairing/secrets';
import { partFrom } from './crew-call';
import { callMemberBack, checkJoin, requestJoin } from './crew-join';
import { CODE_WORDS, CREW_LIMITS, CrewRefusal, LEAD_DEVICE_ID, type CrewListing, type CrewOptions, type MemberState, type OwnOrigin } from './crew-terms';
import { crewOrigin, readCrew, writeCrew, type CrewData, type CrewLead, type CrewMember } from './crew-file';
import { CREW_PATHS } from './crew-paths';

export class Crew {
  private readonly codes: Invitations<{ label: string | null }>;
  /** Wrong codes and wrong keys, per address: refused for a while past the allowance. */
  readonly failures: FailureLimit;
  /** Keys a member minted for a lead it is joining, by hash, until the join ends: the lead's call back shows them. */
  private readonly pending = new Map<string, string>();
  private readonly seen = new Map<string, { at: number; state: MemberState }>();
  private leadSeen: number | null = null;
  private own: OwnOrigin = { origin: null, why: 'the bridge is not serving yet' };
  private writing: Promise<void> = Promise.resolve();
  private readonly limits: typeof CREW_LIMITS;
  private readonly now: () => number;
  private readonly removeListeners = new Set<(label: string) => void>();
  private readonly memberListeners = new Set<() => void>();

  private constructor(
    private readonly options: CrewOptions,
    private data: CrewData,
  ) {
    this.now = options.now ?? Date.now;
    this.codes = new Invitations(this.now);
    this.failures = new FailureLimit(this.now);
    this.limits = { ...CREW_LIMITS, ...options.limits };
  }

  /** Reads crew.json; a malformed one stops the bridge (FatalConfigError). */
  static async open(options: CrewOptions): Promise<Crew> {
    return new Crew(options, await readCrew(options.stateDir, options.log));
  }

  /** Set once the phone server listens: the origin this bridge gives a lead when it joins. */
  serving(own: OwnOrigin): void {
    this.own = own;
  }

  /** Whether other bridges can reach this one over HTTPS (its own certificate, or a TLS proxy). */
  get reachable(): boolean {
    return this.own.origin !== null;
  }

  get members(): readonly CrewMember[] {
    return this.data.members;
  }

  get lead(): CrewLead | null {
    return this.data.lead;
  }

  /** Told when a member leaves the crew (removed, or it left): its agents leave the phone now. */
  onRemove(listener: (label: string) => void): () => void {
    this.removeListeners.add(listener);
    return () => this.removeListeners.delete(listener);
  }

  /** Told after every change to the members: one joined, was removed or left. */
  onMembers(listener: () => void): () => void {
    this.memberListeners.add(listener);
    return () => this.memberListeners.delete(listener);
  }

  /** The lead's reader tells how a member answered (step by step: live, not answering, refused). */
  memberSeen(label: string, state: MemberState): void {
    const before = this.seen.get(label);
    this.seen.set(label, { at: state === 'live' ? this.now() : (before?.at ?? 0), state });
  }

  listing(): CrewListing {
    const origin = this.own.origin;
    const iso = (at: number | null | undefined) => (at ? new Date(at).toISOString() : null);
    if (this.data.lead) {
      const { origin: leadOrigin, label, joined } = this.data.lead;
      return { role: 'member', origin, lead: { origin: leadOrigin, label, joined, lastSeen: iso(this.leadSeen) } };
    }
    if (this.data.members.length === 0) return { role: 'none', origin };
    const members = this.data.members.map(({ label, origin: at, joined }) => {
      const seen = this.seen.get(label);
      return { label, origin: at, joined, lastSeen: iso(seen?.at), state: seen?.state ?? 'joined' };
    });
    return { role: 'lead', origin, members };
  }

  // ——— On the lead ———

  /** A one-time join code (`collie crew invite`), returned once and kept only as its hash. */
  invite(label: string | null): { code: string; expiresAt: number; origin: string | null } {
    if (this.data.lead) throw new CrewRefusal(`this bridge is a member of the crew of ${this.data.lead.origin}: a member leads no crew`);
    if (label !== null && checkName(label)) throw new CrewRefusal(`--label: ${checkName(label)}`);
    if (label !== null && this.data.members.some((m) => m.label === label))
      throw new CrewRefusal(`a member is already called ${label}: collie crew remove ${label} first, or give another label`);
    const { secret, expiresAt } = this.codes.create({ label });
    return { code: secret, expiresAt, origin: this.own.origin };
  }

  /**
   * `POST /crew/join` on the lead: a member brings a code, its label, its HTTPS origin and the two
   * keys. The code is spent first (once, rate-limited per address as pairing is); then the lead
   * calls the member back at that origin with the lead's key, so an origin that does not reach
   * this member, over a certificate this machine trusts, never joins.
   */
  async acceptJoin(address: string, body: unknown): Promise<{ label: string }> {
    const given = isRecord(body) ? body : {};
    const code = given.code;
    const taken = looksLikeSecret(code) ? this.codes.redeem(code) : ({ ok: false, why: 'unknown' } as const);
    if (!taken.ok) {
      this.refuseWrong(address, 'join code');
      throw new HttpError(403, `invitation-${taken.why}`, CODE_WORDS[taken.why]);
    }
    if (this.data.lead) throw new HttpError(403, 'bad-request', 'this bridge is itself a member of a crew: it leads none');
    const label = taken.invitation.label ?? str(given.label) ?? '';
    const labelProblem = checkName(label);
    if (labelProblem) throw new HttpError(400, 'bad-request', `the label: ${labelProblem}`);
    if (this.data.members.some((m) => m.label === label))
      throw new HttpError(409, 'bad-request', `a member is already called ${label}: make a new code once it is removed, or join with another label`);
    const origin = crewOrigin(given.origin);
    if (!origin) throw new HttpError(400, 'bad-request', "the member's origin must be https://name[:port] with nothing after it");
    if (origin === this.own.origin) throw new HttpError(400, 'bad-request', 'a bridge cannot join its own crew');
    const { leadKey, memberKey } = given;
    if (!looksLikeSecret(leadKey) || !looksLikeSecret(memberKey) || leadKey === memberKey) throw new HttpError(400, 'bad-request', 'the join carries no keys');
    const answer = await callMemberBack(origin, leadKey, str(given.label) ?? '', this.limits, this.options.tls);
    if (answer) throw new HttpError(400, 'bad-request', `the lead could not reach this member at ${origin}: ${answer}`);
    const member: CrewMember = { label, origin, key: leadKey, memberKeyHash: hashSecret(memberKey), joined: new Date(this.now()).toISOString() };
    await this.save({ ...this.data, members: [...this.data.members, member] });
    this.options.log(`[bridge] crew: ${label} joined (${origin})`);
    for (const listener of this.memberListeners) listener();
    return { label };
  }

  /** `collie crew remove <label>`: gone from the file and the phone at once; the member is told if it answers. */
  async remove(label: string): Promise<{ removed: boolean; told: boolean }> {
    const member = this.data.members.find((m) => m.label === label);
    if (!member) return { removed: false, told: false };
    await this.save({ ...this.data, members: this.data.members.filter((m) => m !== member) });
    this.forget(label);
    this.options.log(`[bridge] crew: ${label} removed`);
    const told = await partFrom(member.origin, CREW_PATHS.removed, member.key, this.limits, this.options.tls);
    return { removed: true, told };
  }

  /** `POST /crew/leave` on the lead: a member leaves, with its own key. */
  async memberLeaves(address: string, key: string | null): Promise<void> {
    const member = key ? this.data.members.find((m) => secretMatches(key, m.memberKeyHash)) : undefined;
    if (!member) {
      this.refuseWrong(address, 'crew key');
      throw new HttpError(401, 'not-paired', 'this key is not one of a member of this crew');
    }
    await this.save({ ...this.data, members: this.data.members.filter((m) => m !== member) });
    this.forget(member.label);
    this.options.log(`[bridge] crew: ${member.label} left`);
  }

  private forget(label: string): void {
    this.seen.delete(label);
    for (const listener of this.removeListeners) listener(label);
    for (const listener of this.memberListeners) listener();
  }

  // ——— On a member ———

  /**
   * `collie crew join <lead> --label NAME`: mints the two keys, tells the lead this bridge's own
   * HTTPS origin, and keeps the lead once it took this member in. Resolves with the label the
   * lead gave (the code's own, if it named one).
   */
  async join(leadUrl: string, label: string, code: string): Promise<{ label: string; origin: string }> {
    if (this.data.members.length > 0) throw new CrewRefusal('this bridge leads a crew: a lead joins no other');
    if (this.data.lead) throw new CrewRefusal(`this bridge is already a member of the crew of ${this.data.lead.origin}: collie crew leave first`);
    const { lead, own } = checkJoin(leadUrl, label, code, this.own);
    const leadKey = mintSecret();
    const memberKey = mintSecret();
    const pendingKey = hashSecret(leadKey);
    this.pending.set(pendingKey, label);
    try {
      const taken = await requestJoin(lead, { code, label, origin: own, leadKey, memberKey }, this.limits, this.options.tls);
      await this.save({ lead: { origin: lead, label: taken, leadKeyHash: pendingKey, key: memberKey, joined: new Date(this.now()).toISOString() }, members: [] });
      this.options.log(`[bridge] crew: joined the crew of ${lead} as ${taken}`);
      return { label: taken, origin: lead };
    } finally {
      this.pending.delete(pendingKey);
    }
  }

  /**
   * The lead, as the gate of this member's phone API admits it: its key, checked against the kept
   * hash, reads and acts as a paired control device does (a pending join's key does not).
   */
  leadDevice(key: string | null, forDevice: { id: string; name: string } | null = null): DeviceInfo | null {
    const lead = this.data.lead;
    if (!key || !lead || !secretMatches(key, lead.leadKeyHash)) return null;
    this.leadSeen = this.now();
    const seen = { role: 'control' as const, created: lead.joined, lastSeen: new Date(this.leadSeen).toISOString() };
    // A write the lead forwards names the phone it came from: the audit log names both.
    if (forDevice) return { id: `${LEAD_DEVICE_ID}:${forDevice.id}`, name: `${forDevice.name} (through the crew lead ${lead.origin})`, ...seen };
    return { id: LEAD_DEVICE_ID, name: `crew lead ${lead.origin}`, ...seen };
  }

  /** The label the lead's key names here (a joined lead, or one this member is joining now), else null. */
  leadKeyLabel(key: string | null): string | null {
    if (!key) return null;
    const lead = this.data.lead;
    if (lead && secretMatches(key, lead.leadKeyHash)) {
      this.leadSeen = this.now();
      return lead.label;
    }
    return this.pending.get(hashSecret(key)) ?? null;
  }

  /** `GET /crew/hello` on a member: the lead's call back, or any later check that its key still works. */
  hello(address: string, key: string | null): { label: string } {
    const label = this.leadKeyLabel(key);
    if (label === null) {
      this.refuseWrong(address, 'crew key');
      throw new HttpError(401, 'not-paired', 'this key is not the lead of this bridge');
    }
    return { label };
  }

  /** `POST /crew/removed` on a member: the lead removed it. */
  async removedByLead(address: string, key: string | null): Promise<void> {
    const lead = this.data.lead;
    if (!lead || !key || !secretMatches(key, lead.leadKeyHash)) {
      this.refuseWrong(address, 'crew key');
      throw new HttpError(401, 'not-paired', 'this key is not the lead of this bridge');
    }
    await this.save({ lead: null, members: [] });
    this.options.log(`[bridge] crew: the lead (${lead.origin}) removed this bridge from its crew`);
  }

  /** `collie crew leave`: forgotten here whatever happens; the lead is told if it answers. */
  async leave(): Promise<{ left: boolean; told: boolean; origin?: string }> {
    const lead = this.data.lead;
    if (!lead) return { left: false, told: false };
    await this.save({ lead: null, members: [] });
    this.options.log(`[bridge] crew: left the crew of ${lead.origin}`);
    return { left: true, told: await partFrom(lead.origin, CREW_PATHS.leave, lead.key, this.limits, this.options.tls), origin: lead.origin };
  }

  /** A wrong code or key counts against the address; past the allowance, 429 until the window moves. */
  private refuseWrong(address: string, what: string): void {
    const waited = this.failures.retryAfter(address);
    if (waited > 0) throw new HttpError(429, 'too-many-tries', `too many wrong crew codes or keys from this address: try again in ${waited} s`);
    this.failures.fail(address);
    if (this.failures.retryAfter(address) > 0) this.options.log(`[bridge] crew: too many wrong crew codes or keys from ${address} (the last a ${what}); refused for a while`);
  }

  /** Writes of crew.json, one after another, so a later state never loses to an earlier one. */
  private save(next: CrewData): Promise<void> {
    this.data = next;
    const written = this.writing.catch(() => undefined).then(() => writeCrew(this.options.stateDir, next));
    this.writing = written;
    return written;
  }

  settled(): Promise<void> {
    return this.writing.catch(() => undefined);
  }
}

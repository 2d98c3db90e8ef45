import { looksLikeSecret } from '../../wire/pairing-link';
import { isRecord, str } from '../../wire/read';
import { checkName } from '../config/source-rules';
import { TransportError } from '../link/transport';
import { crewCall, type CrewTls } from './crew-call';
import { crewOrigin } from './crew-file';
import { CREW_PATHS } from './crew-paths';
import { CrewRefusal, remoteWords, type CREW_LIMITS, type OwnOrigin } from './crew-terms';

/**
 * Joining a crew, apart from the crew's state. The member's side (`collie crew join`): what it
 * checks before it asks (each mistake one sentence), and the ask itself, over HTTPS to the lead's
 * own address, no redirect followed, within its deadline. The lead's side: its call back to the
 * origin the member named, before it takes the member in.
 */

/** The lead's origin and this bridge's own, once the label, the code and both addresses hold. */
export function checkJoin(leadUrl: string, label: string, code: string, own: OwnOrigin): { lead: string; own: string } {
  const labelProblem = checkName(label);
  if (labelProblem) throw new CrewRefusal(`--label: ${labelProblem}`);
  if (!looksLikeSecret(code)) throw new CrewRefusal('that is not a join code (collie crew invite on the lead makes one)');
  const lead = crewOrigin(leadUrl);
  if (!lead) throw new CrewRefusal("the lead's address must be https://name[:port] with nothing after it: bridges of a crew speak HTTPS only");
  if (own.origin === null) throw new CrewRefusal(own.why);
  if (lead === own.origin) throw new CrewRefusal('a bridge cannot join its own crew');
  return { lead, own: own.origin };
}

/** Asks the lead to take this member in; the label the lead took (its own if it gave a fit one). */
export async function requestJoin(
  lead: string,
  body: { code: string; label: string; origin: string; leadKey: string; memberKey: string },
  limits: typeof CREW_LIMITS,
  tls: CrewTls | undefined,
): Promise<string> {
  let res;
  try {
    res = await crewCall(lead, { method: 'POST', path: CREW_PATHS.join, body, deadlineMs: limits.joinMs, maxBytes: limits.replyBytes }, tls);
  } catch (err) {
    if (err instanceof TransportError) throw new CrewRefusal(`the lead at ${lead} did not answer: ${err.message}`);
    throw err;
  }
  if (res.status >= 300 && res.status < 400) throw new CrewRefusal(`the lead answered with a redirect (${res.status}), which is not followed: give its https:// address itself`);
  if (res.status !== 200) throw new CrewRefusal(`the lead refused: ${remoteWords(res.json, res.status)}`);
  const given = isRecord(res.json) ? str(res.json.label) : undefined;
  return given !== undefined && !checkName(given) ? given : body.label;
}

/** On the lead: null when the member answered at its origin, with the lead's key, as the label it joins under; else why not. */
export async function callMemberBack(origin: string, leadKey: string, label: string, limits: typeof CREW_LIMITS, tls: CrewTls | undefined): Promise<string | null> {
  try {
    const res = await crewCall(origin, { method: 'GET', path: CREW_PATHS.hello, key: leadKey, deadlineMs: limits.helloMs, maxBytes: limits.replyBytes }, tls);
    if (res.status >= 300 && res.status < 400) return `it answered with a redirect (${res.status}), which is not followed`;
    if (res.status !== 200) return `it answered ${res.status}`;
    if (!isRecord(res.json) || res.json.label !== label) return 'another bridge answers there';
    return null;
  } catch (err) {
    if (err instanceof TransportError) return err.message;
    throw err;
  }
}

import { cleanField } from '../../wire/clean';
import { LIMITS } from '../../wire/limits';
import { isRecord } from '../../wire/read';
import type { PermissionOption } from '../../wire/types';
import type { PermissionAskSpec } from '../ask-spec';
import { cardInput } from '../card-input';
import { toolItemId } from '../model-text';
import { callCommand, callSummary, toolName, type AcpToolCall } from './acp-tool-call';

/** The four kinds an ACP permission option has: the card is built from these, never from an option's id or place. */
export const ACP_OPTION_KINDS = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const;
export type AcpOptionKind = (typeof ACP_OPTION_KINDS)[number];

/** Each kind as the phone shows it: our option's id, label and effect. */
const AS_CARD: Record<AcpOptionKind, PermissionOption> = {
  allow_once: { id: 'allow', label: 'Allow', effect: 'allow' },
  allow_always: { id: 'always', label: 'Allow always', effect: 'allow-always' },
  reject_once: { id: 'deny', label: 'Deny', effect: 'deny' },
  reject_always: { id: 'never', label: 'Always deny', effect: 'deny' },
};

/** What the host answers a `session/request_permission` with: the person's choice, or `cancelled` (a stop, a closed chat). */
export type PermissionOutcome = { outcome: 'selected'; optionId: string } | { outcome: 'cancelled' };

export interface PermissionCard {
  spec: PermissionAskSpec;
  /** Our option id → the agent's own option id. */
  choices: Map<string, string>;
}

/**
 * An ACP permission request as a card: the tool's name (its programmatic name, else its kind),
 * what it acts on (its command or paths, a diff's path and new text) and its raw input, never only
 * the agent's title; one option per kind the agent offers (the first of each). Allow always is
 * withheld over a token and where the input had to be cut, and a lasting deny says that it lasts.
 * Null when the agent offers nothing the card can show.
 */
export function permissionCard(call: AcpToolCall, rawOptions: unknown, offerAlways: boolean): PermissionCard | null {
  const offered = new Map<AcpOptionKind, string>();
  for (const option of Array.isArray(rawOptions) ? rawOptions.slice(0, LIMITS.toolInputEntries) : []) {
    if (!isRecord(option) || typeof option.optionId !== 'string' || option.optionId.length > 256) continue;
    const kind = ACP_OPTION_KINDS.find((k) => k === option.kind);
    if (kind && !offered.has(kind)) offered.set(kind, option.optionId);
  }
  const { input, cut } = cardInput(cardFacts(call));
  const always = offerAlways && !cut;
  const choices = new Map<string, string>();
  const options: PermissionOption[] = [];
  for (const kind of ACP_OPTION_KINDS) {
    const theirs = offered.get(kind);
    if (theirs === undefined || (kind === 'allow_always' && !always)) continue;
    options.push(AS_CARD[kind]);
    choices.set(AS_CARD[kind].id, theirs);
  }
  if (!options.some((o) => o.effect === 'allow') && !options.some((o) => o.effect === 'deny')) return null;
  const name = toolName(call);
  const summary = callSummary(call);
  const reasons = [
    ...(options.some((o) => o.effect === 'allow-always') ? ['Allow always: the agent stops asking for calls like this one, as it decides, for as long as it remembers.'] : []),
    ...(offered.has('reject_always') ? ['Always deny: the agent remembers the refusal and does not ask again.'] : []),
  ];
  return {
    spec: {
      kind: 'permission',
      toolCallId: call.toolCallId,
      itemId: toolItemId(call.toolCallId),
      title: cleanField.title(summary ? `${name} ${summary}` : name).text,
      ...(reasons.length > 0 ? { reason: reasons.join('\n') } : {}),
      tool: { name, input },
      options,
    },
    choices,
  };
}

/**
 * What the card shows of the call: each fact under its own name, the agent's title last and only
 * beside them. A file change says its path itself, and a command or a change says what the raw
 * input would: each is shown once.
 */
function cardFacts(call: AcpToolCall): Record<string, unknown> {
  const command = callCommand(call);
  const changes = call.diffs?.length ? call.diffs.map((d) => ({ path: d.path, newText: d.newText })) : undefined;
  return {
    ...(command !== undefined ? { command } : {}),
    ...(changes ? { changes } : call.locations?.length ? { paths: call.locations.map((l) => (l.line !== undefined ? `${l.path}:${l.line}` : l.path)) } : {}),
    ...(call.rawInput !== undefined && command === undefined && !changes ? { input: call.rawInput } : {}),
    ...(call.kind ? { kind: call.kind } : {}),
    ...(call.title ? { title: call.title } : {}),
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../i18n';
import { agentRow } from './testing/acts-rig';
import { agentStatusText, reasonText } from './agent-status';

afterEach(() => switchLocale('en'));

describe("an agent's reason", () => {
  const unreachable = { ...agentRow(null), status: 'unreachable' as const, reason: 'connection refused' };

  it("is worded from the bridge's code, in the phone's language", async () => {
    expect(agentStatusText({ ...unreachable, reasonCode: 'connection-refused' })).toBe('Unreachable: the connection was refused');
    const mismatch = {
      ...agentRow(null),
      status: 'version-mismatch' as const,
      reason: 'English sentence',
      reasonCode: 'version-mismatch' as const,
      versions: { agent: { min: 2, max: 3 }, collie: { min: 1, max: 1 } },
    };
    expect(reasonText(mismatch)).toBe("The durable agent speaks wire v2..v3, this Collie speaks v1. Update Collie, or the agent's SDK.");
    await switchLocale('ru');
    expect(reasonText({ ...unreachable, reasonCode: 'connection-refused' })).toBe('соединение отклонено');
    expect(reasonText(mismatch)).toContain('v2..v3');
  });

  it("falls back to the bridge's own words for a code this build does not know, or none", () => {
    expect(reasonText({ ...unreachable, reasonCode: 'new-kind' as never })).toBe('connection refused');
    expect(reasonText(unreachable)).toBe('connection refused');
    expect(agentStatusText({ ...unreachable, reason: undefined })).toBe('Unreachable');
  });
});

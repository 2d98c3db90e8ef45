import { describe, expect, it } from 'vitest';
import { lastActivity } from './row-activity';

describe("a conversation's last activity", () => {
  it('is the newest of the times given, as the agent wrote it', () => {
    expect(lastActivity(['2026-03-12T09:00:00Z', undefined, '2026-03-12T10:00:00.000+01:00', '2026-03-12T09:30:00Z'])).toBe('2026-03-12T09:30:00Z');
    expect(lastActivity(['2026-03-12T09:00:00Z', '2026-03-12T11:00:00Z'])).toBe('2026-03-12T11:00:00Z');
  });

  it('passes over times that do not read, and is undefined with none', () => {
    expect(lastActivity(['soon', '2026-03-12T09:00:00Z'])).toBe('2026-03-12T09:00:00Z');
    expect(lastActivity([undefined, 'never'])).toBeUndefined();
    expect(lastActivity([])).toBeUndefined();
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { Ledger, type Receipt } from './ledger';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

const receipt = (requestId: string, status: Receipt['status']): Receipt => ({
  requestId,
  act: 'answer',
  channel: 'program',
  target: {},
  details: {},
  payloadHash: 'h',
  attempts: 1,
  status,
  at: '2026-12-01T08:00:00Z',
  updatedAt: '2026-12-01T08:00:00Z',
});

it('keeps each receipt on disk before it resolves, and reads it back as written', async () => {
  const ledger = await Ledger.open(dir.path, () => {});
  await ledger.write({ ...receipt('r-1', 'agent-refused'), refusedCode: 'bad-answer' });
  const again = await Ledger.open(dir.path, () => {});
  expect(again.get('r-1')).toMatchObject({ status: 'agent-refused', refusedCode: 'bad-answer' });
  expect(await readFile(join(dir.path, 'receipts.jsonl'), 'utf8')).not.toContain('refused: ');
});

it('reads an older build\'s outright refusal ("refused: <code>") as agent-refused with its code', async () => {
  await writeFile(join(dir.path, 'receipts.jsonl'), `${JSON.stringify({ ...receipt('r-old', 'taken'), status: 'refused: request-id-reused' })}\nnot json\n`, { mode: 0o600 });
  const logs: string[] = [];
  const ledger = await Ledger.open(dir.path, (line) => logs.push(line));
  expect(ledger.get('r-old')).toMatchObject({ status: 'agent-refused', refusedCode: 'request-id-reused' });
  expect(logs).toEqual([expect.stringContaining('a line that is not JSON was skipped')]);
});

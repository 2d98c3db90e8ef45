import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { WIRE_ERROR_CODES } from './types';

const wireMd = readFileSync(new URL('../../WIRE.md', import.meta.url), 'utf8');

it("lists exactly the error codes of WIRE.md §2's table", () => {
  const section = wireMd.slice(wireMd.indexOf('## 2. Errors'), wireMd.indexOf('**The order of checks.**'));
  const rows = section.split('\n').filter((line) => /^\| \d{3} \|/.test(line));
  const codes = rows.flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]));
  expect(codes.length).toBeGreaterThan(15);
  expect([...codes].sort()).toEqual([...WIRE_ERROR_CODES].sort());
});

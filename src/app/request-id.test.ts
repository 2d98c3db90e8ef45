import { describe, expect, it } from 'vitest';
import { mintRequestId } from './request-id';
import { isValidId } from '../wire/ids';

describe('mintRequestId', () => {
  it('mints a UUID v4 that passes the wire id rule', () => {
    const id = mintRequestId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isValidId(id)).toBe(true);
  });

  it('mints a new id each time', () => {
    expect(new Set(Array.from({ length: 100 }, () => mintRequestId())).size).toBe(100);
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, encodedOnce, pickEncoding } from './compression';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honours q=0, and sends plain when neither is offered', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeNull();
  });
});

describe('encode', () => {
  it('round-trips, and a view is compressed once per encoding however many read it', () => {
    const text = JSON.stringify({ entries: Array.from({ length: 500 }, (_, n) => ({ id: `i${n}`, text: 'same words again' })) });
    expect(brotliDecompressSync(encode(text, 'br')).toString()).toBe(text);
    expect(gunzipSync(encode(text, 'gzip')).toString()).toBe(text);
    const view = { text };
    const first = encodedOnce(view, text, 'br');
    expect(encodedOnce(view, text, 'br')).toBe(first);
    expect(first.length * 10).toBeLessThan(Buffer.byteLength(text));
  });
});

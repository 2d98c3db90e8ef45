import { parse as legacyParse } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENDPOINTS, PARSER_DIFFERENTIAL_ENDPOINTS } from '../testing/push-endpoints';
import { BadEndpoint, pushTarget } from './push-endpoint';

describe('the one reading of a push endpoint', () => {
  it('refuses every endpoint two parsers could read differently, or that names a host by anything but a plain name on 443', () => {
    for (const endpoint of PARSER_DIFFERENTIAL_ENDPOINTS) expect(() => pushTarget(endpoint), JSON.stringify(endpoint)).toThrow(BadEndpoint);
  });

  it("takes a browser's endpoint as it is, and gives the parts the legacy parser reads too, on 443", () => {
    for (const endpoint of BROWSER_ENDPOINTS) {
      const target = pushTarget(endpoint);
      const legacy = legacyParse(endpoint);
      expect(target.href, endpoint).toBe(endpoint);
      expect([target.hostname, target.port, target.path], endpoint).toEqual([legacy.hostname, 443, legacy.path]);
    }
  });

  it("takes a test's own service's port only when the test names that host", () => {
    expect(() => pushTarget('https://127.0.0.1:4431/push/s1')).toThrow(BadEndpoint);
    expect(pushTarget('https://127.0.0.1:4431/push/s1', ['127.0.0.1:4431'])).toEqual({
      href: 'https://127.0.0.1:4431/push/s1',
      hostname: '127.0.0.1',
      port: 4431,
      path: '/push/s1',
    });
    expect(() => pushTarget('https://127.0.0.1:4432/push/s1', ['127.0.0.1:4431'])).toThrow(BadEndpoint);
  });

  it('refuses what is not a string, and what is too long', () => {
    for (const raw of [undefined, null, 42, {}, '', `https://fcm.googleapis.com/${'x'.repeat(2100)}`]) expect(() => pushTarget(raw)).toThrow(BadEndpoint);
  });
});

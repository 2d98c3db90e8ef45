import { describe, expect, it } from 'vitest';
import { isPushServiceHost } from './push-hosts';

describe("the browsers' push services", () => {
  it('take the known services and hosts under the dotted ones, and nothing else', () => {
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'wns2-par02p.notify.windows.com', 'FCM.googleapis.com'])
      expect(isPushServiceHost(host), host).toBe(true);
    for (const host of ['push.apple.com', 'fcm.googleapis.com.evil.example', 'evilfcm.googleapis.com', '127.0.0.1', 'localhost', 'fcm.googleapis.com:8443', '10.0.0.1'])
      expect(isPushServiceHost(host), host).toBe(false);
  });

  it("take a test's own service only when named", () => {
    expect(isPushServiceHost('127.0.0.1:4431')).toBe(false);
    expect(isPushServiceHost('127.0.0.1:4431', ['127.0.0.1:4431'])).toBe(true);
  });
});

/**
 * The two devices the chat benchmarks run as, applied to one page over CDP. Both have a Pixel 7's
 * viewport and user agent (phone.ts); the phone-like one also has a mid-range phone's CPU and a
 * slow mobile network (Lighthouse's mobile defaults: 4× CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up).
 */
import type { CDPSession } from '@playwright/test';

export interface Profile {
  name: 'normal' | 'phone';
  cpuSlowdown: number;
  /** Added to each request's round trip, ms; 0 with no network emulation. */
  rttMs: number;
  downBitsPerSecond: number;
  upBitsPerSecond: number;
}

export const NORMAL: Profile = { name: 'normal', cpuSlowdown: 1, rttMs: 0, downBitsPerSecond: 0, upBitsPerSecond: 0 };
export const PHONE: Profile = { name: 'phone', cpuSlowdown: 4, rttMs: 150, downBitsPerSecond: 1.6e6, upBitsPerSecond: 750e3 };
export const PROFILES = [NORMAL, PHONE] as const;

export const describeProfile = (p: Profile) =>
  p.cpuSlowdown === 1 && p.rttMs === 0 ? 'no throttling' : `${p.cpuSlowdown}× CPU, ${p.rttMs} ms RTT, ${p.downBitsPerSecond / 1e6} Mbps down / ${p.upBitsPerSecond / 1e3} kbps up`;

/** Throttles the page's CPU and network as the profile says (Network must be enabled on `cdp`, which `applyProfile` does). */
export async function applyProfile(cdp: CDPSession, profile: Profile): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (profile.rttMs === 0) return;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    // CDP takes bytes per second.
    downloadThroughput: profile.downBitsPerSecond / 8,
    uploadThroughput: profile.upBitsPerSecond / 8,
  });
}

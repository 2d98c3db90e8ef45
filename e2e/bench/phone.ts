/**
 * The benchmark's phone: headless Chromium at a Pixel 7's size, paired once through the bridge's
 * printed link as a person pairs, its context keeping the cookie for every page it opens.
 */
import { chromium, devices, type Browser, type BrowserContext } from '@playwright/test';
import { pairPhone } from '../support/pair';
import { NAME_SHIM } from './row-watch';

export const CHROMIUM = '/usr/bin/chromium';
/** No sandbox (containers), no GPU, and none of Chromium's own traffic on the measured network. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Phone {
  browser: Browser;
  context: BrowserContext;
  /** The browser's version, for the report. */
  version: string;
  close(): Promise<void>;
}

export async function openPhone(link: string): Promise<Phone> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    await context.addInitScript({ content: NAME_SHIM });
    const pairing = await context.newPage();
    await pairPhone(pairing, link);
    await pairing.close();
    return { browser, context, version: browser.version(), close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules every screen is held to: WCAG 2.2 AA and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core finds nothing on the page as it is now (or only `rules`, when named); a failure names the language, the place and each node. */
export async function noViolations(page: Page, where: string, rules?: string[]): Promise<void> {
  where = `${await page.evaluate(() => document.documentElement.lang)} ${where}`;
  const axe = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const { violations } = await (rules ? axe.withRules(rules) : axe).analyze();
  const found = violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found, found.join('\n')).toEqual([]);
}

/** Elements among `selector` whose words do not fit them (cut off, or spilling out), and a page wider than the screen. */
export async function clippedWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.offsetParent !== null && el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className} "${el.textContent?.trim()}"`);
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    return found;
  }, selector);
}

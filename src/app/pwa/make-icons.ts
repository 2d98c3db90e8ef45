/**
 * Draws the app's PNG icons from public/icon.svg with the machine's Chromium and writes them to
 * public/ (they are committed: the build only copies them). Run after changing the SVG:
 *   npx tsx src/app/pwa/make-icons.ts
 */
import { chromium } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const PUBLIC = join(import.meta.dirname, '../../../public');
const svg = (await readFile(join(PUBLIC, 'icon.svg'), 'utf8')).trim();
// Maskable: the launcher may cut the icon to any shape inside the middle 80 %, so the background
// fills the square and the mark keeps to the middle.
const inner = svg
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>$/, '')
  .replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#1d5fbf"/><g transform="translate(76.8 76.8) scale(0.7)">${inner}</g></svg>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage();
async function png(source: string, size: number, transparent: boolean): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0"><img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}"></body>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  return page.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An .ico holding one PNG image (every browser reads PNG inside ICO). */
function ico(image: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size, 6);
  head.writeUInt8(size, 7);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18); // the image follows the header
  return Buffer.concat([head, image]);
}

await writeFile(join(PUBLIC, 'icon-192.png'), await png(svg, 192, true));
await writeFile(join(PUBLIC, 'icon-512.png'), await png(svg, 512, true));
await writeFile(join(PUBLIC, 'icon-maskable-512.png'), await png(maskable, 512, false));
// iOS draws its own rounded corners and shows transparency as black: the full square.
await writeFile(join(PUBLIC, 'apple-touch-icon.png'), await png(maskable.replace('scale(0.7)', 'scale(0.8)').replace('translate(76.8 76.8)', 'translate(51.2 51.2)'), 180, false));
await writeFile(join(PUBLIC, 'favicon.ico'), ico(await png(svg, 32, true), 32));
await browser.close();
console.log('icons written to public/');

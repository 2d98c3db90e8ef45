import qrcode from 'qrcode-generator';

/** Modules of white around the code, as the QR standard asks, so a camera finds its edges. */
export const QUIET_ZONE = 4;
const WHITE = 231;
const BLACK = 16;

/**
 * A QR code of `text` for a terminal: two rows of modules per line (the upper half block drawn in
 * the top module's colour over the bottom one's). Both colours are set explicitly, dark on white,
 * so the code scans the same on a light or a dark terminal.
 */
export function terminalQr(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount() + QUIET_ZONE * 2;
  const dark = (row: number, col: number) => {
    const r = row - QUIET_ZONE;
    const c = col - QUIET_ZONE;
    return r >= 0 && c >= 0 && r < size - QUIET_ZONE * 2 && c < size - QUIET_ZONE * 2 && code.isDark(r, c);
  };
  const lines: string[] = [];
  for (let row = 0; row < size; row += 2) {
    let line = '';
    for (let col = 0; col < size; col += 1) {
      const top = dark(row, col) ? BLACK : WHITE;
      const bottom = row + 1 < size && dark(row + 1, col) ? BLACK : WHITE;
      line += `\x1b[38;5;${top}m\x1b[48;5;${bottom}m▀`;
    }
    lines.push(`${line}\x1b[0m`);
  }
  return lines.join('\n');
}

/** The dark modules of the code as rows of booleans, quiet zone included (for tests that read it back). */
export function qrRows(rendered: string): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of rendered.split('\n')) {
    const cells = [...line.matchAll(/\x1b\[38;5;(\d+)m\x1b\[48;5;(\d+)m▀/g)];
    rows.push(cells.map((m) => m[1] === String(BLACK)));
    rows.push(cells.map((m) => m[2] === String(BLACK)));
  }
  return rows;
}

import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrRows, terminalQr } from './terminal-qr';

describe('terminalQr', () => {
  const link = 'https://bridge.example.ts.net/#pair=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

  it('draws every module of the code, with a quiet zone of four white modules all around', () => {
    const code = qrcode(0, 'M');
    code.addData(link);
    code.make();
    const n = code.getModuleCount();
    const rows = qrRows(terminalQr(link));
    const size = n + QUIET_ZONE * 2;
    expect(rows[0]).toHaveLength(size);
    for (let r = 0; r < size; r += 1) {
      for (let c = 0; c < size; c += 1) {
        const inside = r >= QUIET_ZONE && c >= QUIET_ZONE && r < QUIET_ZONE + n && c < QUIET_ZONE + n;
        expect(rows[r]![c], `${r},${c}`).toBe(inside && code.isDark(r - QUIET_ZONE, c - QUIET_ZONE));
      }
    }
  });

  it('sets both colours on every cell, so light and dark terminals show the same code', () => {
    for (const line of terminalQr(link).split('\n')) {
      expect(line.endsWith('\x1b[0m')).toBe(true);
      expect(line.replace(/\x1b\[38;5;(16|231)m\x1b\[48;5;(16|231)m▀/g, '')).toBe('\x1b[0m');
    }
  });
});

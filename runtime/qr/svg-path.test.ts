import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-matrix.ts';
import { darkModulesPath, QR_QUIET_ZONE, qrSvgPath } from './svg-path.ts';

/** The modules the path covers, read back from its `M x y h run v1 h-run z` rectangles. */
function modulesOfPath(path: string, size: number): boolean[][] {
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) (matrix[Number(y) - QR_QUIET_ZONE] as boolean[])[Number(x) - QR_QUIET_ZONE + i] = true;
  }
  return matrix;
}

describe('qrSvgPath', () => {
  const value = 'otpauth://totp/Demo:someone%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Demo';

  it('draws exactly the dark modules, inside a 4-module quiet zone', () => {
    const matrix = qrMatrix(value);
    const { extent, path } = qrSvgPath(value);
    expect(extent).toBe(matrix.length + 8);
    expect(path.replace(/M\d+ \d+h(\d+)v1h-\1z/g, '')).toBe('');
    expect(modulesOfPath(path, matrix.length)).toEqual(matrix);
  });

  it('joins a horizontal run of dark modules into one rectangle', () => {
    expect(darkModulesPath([[true, true, false, true]])).toBe('M4 4h2v1h-2zM7 4h1v1h-1z');
    expect(darkModulesPath([[false, false]])).toBe('');
  });
});

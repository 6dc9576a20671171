import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';
import { qrMatrix } from './qr-matrix.ts';

/** The modules the path covers, read back from its `M x y h run v1 h-run z` rectangles. */
function modulesOfPath(path: string, size: number): boolean[][] {
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) (matrix[Number(y) - 4] as boolean[])[Number(x) - 4 + i] = true;
  }
  return matrix;
}

describe('QrCode', () => {
  const value = 'otpauth://totp/Demo:someone%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Demo';
  const markup = renderToStaticMarkup(createElement(QrCode, { value, label: 'QR code of the key', 'data-testid': 'totp-qr' }));

  it('is one labelled image with a single path, sized and crisp', () => {
    expect(markup.match(/<svg [^>]*>/)?.[0]).toMatch(
      /^<svg role="img" aria-label="QR code of the key" data-testid="totp-qr" width="192" height="192" viewBox="0 0 (\d+) \1" shape-rendering="crispEdges" style="background:#fff">$/,
    );
    expect(markup.match(/<path /g)).toHaveLength(1);
    expect(markup).toContain('style="fill:var(--aw-qr-fg, #000)"');
  });

  it('draws exactly the dark modules, inside a 4-module quiet zone', () => {
    const matrix = qrMatrix(value);
    const extent = Number(markup.match(/viewBox="0 0 (\d+)/)?.[1]);
    expect(extent).toBe(matrix.length + 8);
    const path = markup.match(/ d="([^"]+)"/)?.[1] ?? '';
    expect(path.replace(/M\d+ \d+h(\d+)v1h-\1z/g, '')).toBe('');
    expect(modulesOfPath(path, matrix.length)).toEqual(matrix);
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { qrSvgPath } from '../runtime/qr/svg-path.ts';
import { QrCode } from './qr-code.tsx';

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

  it('draws the framework-free path of the value in its view box', () => {
    const { extent, path } = qrSvgPath(value);
    expect(markup).toContain(`viewBox="0 0 ${extent} ${extent}"`);
    expect(markup.match(/ d="([^"]+)"/)?.[1]).toBe(path);
  });
});

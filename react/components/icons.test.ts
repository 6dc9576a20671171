// The generated icons (fresh by scripts/gen.test.ts) draw: a provider without a mark draws none.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark, Icon } from './icons.tsx';

describe('the generated icons', () => {
  it('draw a brand mark for a provider simple-icons has, nothing for one it lacks', () => {
    const github = renderToStaticMarkup(createElement(BrandMark, { provider: 'github' }));
    expect(github).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*><path d="M12 \.297c/);
    expect(github).toContain('fill="currentColor"');
    expect(renderToStaticMarkup(createElement(BrandMark, { provider: 'google' }))).toContain('fill="#4285F4"');
    expect(renderToStaticMarkup(createElement(BrandMark, { provider: 'microsoft' }))).toBe('');
    expect(renderToStaticMarkup(createElement(BrandMark, { provider: 'no-such-provider' }))).toBe('');
  });

  it('draw lucide UI icons as stroked, hidden SVG', () => {
    const eye = renderToStaticMarkup(createElement(Icon, { name: 'eye' }));
    expect(eye).toContain('stroke="currentColor"');
    expect(eye).toContain('<circle cx="12" cy="12" r="3"></circle>');
  });
});

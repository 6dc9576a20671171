// The components' icons, drawn from the shapes scripts/generate-icons.ts took from simple-icons and lucide.
import { createElement } from 'react';
import { BRAND_MARKS, UI_ICONS } from './icons.generated.ts';

export type IconName = keyof typeof UI_ICONS;

/** A UI icon (lucide), decorative: the control it sits in carries the words. */
export function Icon({ name, className, size }: { name: IconName; className?: string; size?: number }) {
  const box = size === undefined ? undefined : { width: size, height: size };
  return (
    <svg className={className ? `aw-icon ${className}` : 'aw-icon'} style={box} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {UI_ICONS[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

/** A provider's brand mark (simple-icons), or null where the set has none: the button then shows its name alone. */
export function BrandMark({ provider }: { provider: string }) {
  const mark = BRAND_MARKS[provider];
  if (!mark) return null;
  return (
    <svg className="aw-icon" viewBox="0 0 24 24" fill={mark.color} aria-hidden="true" focusable="false">
      <path d={mark.path} />
    </svg>
  );
}

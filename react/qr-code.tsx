// The QR code as a React element; the encoder and the path it draws are framework-free (runtime/qr/).
import { useMemo } from 'react';
import { qrSvgPath } from '../runtime/qr/svg-path.ts';

/** A scannable QR code of `value`: theme-coloured modules on white, so it stays readable in dark themes. */
export function QrCode({ value, label, size = 192, 'data-testid': testId }: { value: string; label: string; size?: number; 'data-testid'?: string }) {
  const { extent, path } = useMemo(() => qrSvgPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff' }}
    >
      <path d={path} style={{ fill: 'var(--aw-qr-fg, #000)' }} />
    </svg>
  );
}

import { useMemo } from 'react';
import { qrMatrix } from './qr-matrix.ts';

/** Light modules around the symbol, as the standard asks for. */
const QUIET_ZONE = 4;

/** Path data of the dark modules, one rectangle per horizontal run, offset by the quiet zone. */
export function darkModulesPath(matrix: boolean[][]): string {
  let path = '';
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      const run = x + 1 - start;
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`;
    }
  });
  return path;
}

/** A scannable QR code of `value`: theme-coloured modules on white, so it stays readable in dark themes. */
export function QrCode({ value, label, size = 192, 'data-testid': testId }: { value: string; label: string; size?: number; 'data-testid'?: string }) {
  const { extent, path } = useMemo(() => {
    const matrix = qrMatrix(value);
    return { extent: matrix.length + 2 * QUIET_ZONE, path: darkModulesPath(matrix) };
  }, [value]);
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

// What a QR code looks like as SVG: the extent of its view box and the path of its dark modules, with
// the quiet zone around the symbol. Strings only, so any UI (react/qr-code.tsx, a plain page) draws it.
import { qrMatrix } from './qr-matrix.ts';

/** Light modules around the symbol, as the standard asks for. */
export const QR_QUIET_ZONE = 4;

/** Path data of the dark modules, one rectangle per horizontal run, offset by the quiet zone. */
export function darkModulesPath(matrix: boolean[][]): string {
  let path = '';
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      const run = x + 1 - start;
      path += `M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${run}v1h-${run}z`;
    }
  });
  return path;
}

/** The QR code of `value` for an SVG: `viewBox="0 0 extent extent"` and one `<path d={path}>`. */
export function qrSvgPath(value: string): { extent: number; path: string } {
  const matrix = qrMatrix(value);
  return { extent: matrix.length + 2 * QR_QUIET_ZONE, path: darkModulesPath(matrix) };
}

import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { totpOtpauthUri } from '../protocol/totp.ts';
import { qrMatrix, type QrErrorCorrection } from './qr-matrix.ts';

const LEVELS: QrErrorCorrection[] = ['L', 'M', 'Q', 'H'];
/** Error-correction bits of the format information (ISO/IEC 18004 table 12). */
const FORMAT_LEVEL: Record<QrErrorCorrection, number> = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 };

/** Black-on-white RGBA pixels of the matrix, with a 4-module quiet zone. */
function rasterise(matrix: boolean[][], scale = 3): { pixels: Uint8ClampedArray; width: number } {
  const width = (matrix.length + 8) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + 4) * scale + dy) * width + (x + 4) * scale + dx) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }),
  );
  return { pixels, width };
}

function decode(matrix: boolean[][]) {
  const { pixels, width } = rasterise(matrix);
  return jsQR(pixels, width, width, { inversionAttempts: 'dontInvert' });
}

const version = (matrix: boolean[][]) => (matrix.length - 17) / 4;
const bit = (matrix: boolean[][], x: number, y: number) => (matrix[y]?.[x] ? 1 : 0);
const word = (bits: number[]) => bits.reduce((value, b) => (value << 1) | b, 0);

/** The format information around the top-left finder, bit 14 first. */
function formatWord(matrix: boolean[][]): number {
  const positions = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]];
  return word(positions.map(([x = 0, y = 0]) => bit(matrix, x, y)));
}

/** The version information left of the top-right finder, bit 17 first. */
function versionWord(matrix: boolean[][]): number {
  const bits: number[] = [];
  for (let i = 17; i >= 0; i--) bits.push(bit(matrix, matrix.length - 11 + (i % 3), Math.floor(i / 3)));
  return word(bits);
}

/** A copy with the modules at `positions` flipped, to damage one copy of the format or version information. */
function flipped(matrix: boolean[][], positions: [number, number][]): boolean[][] {
  const copy = matrix.map((row) => [...row]);
  for (const [x, y] of positions) (copy[y] as boolean[])[x] = !copy[y]?.[x];
  return copy;
}

describe('qrMatrix decodes back to its text', () => {
  it('short ASCII, in the smallest version', () => {
    const matrix = qrMatrix('hello');
    expect(matrix).toHaveLength(21);
    expect(decode(matrix)?.data).toBe('hello');
  });

  it('an otpauth URI of realistic length (issuer with spaces, e-mail account, percent-encoded)', () => {
    const secret = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    const uri = totpOtpauthUri({ secret, issuer: 'Acme Corp Staging', account: 'jane.o.doe+work@example.co.uk' });
    expect(uri).toContain('Acme%20Corp%20Staging:jane.o.doe%2Bwork%40example.co.uk');
    expect(decode(qrMatrix(uri))?.data).toBe(uri);
  });

  it('UTF-8 text, byte for byte', () => {
    const result = decode(qrMatrix('Zoë ✓'));
    expect(result?.binaryData).toEqual([...new TextEncoder().encode('Zoë ✓')]);
    expect(result?.data).toBe('Zoë ✓');
  });

  it.each(LEVELS)('level %s, written in the format information', (ecc) => {
    const text = 'otpauth://totp/Demo:someone%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Demo';
    const matrix = qrMatrix(text, { ecc });
    expect(decode(matrix)?.data).toBe(text);
    expect((formatWord(matrix) ^ 0x5412) >> 13).toBe(FORMAT_LEVEL[ecc]);
  });

  it('level M unless told', () => {
    expect(qrMatrix('x'.repeat(100))).toEqual(qrMatrix('x'.repeat(100), { ecc: 'M' }));
  });

  it('every mask the penalty can pick', () => {
    const seen = new Map<number, string>();
    for (let i = 0; seen.size < 8 && i < 500; i++) {
      const text = `mask ${i * 7919}`;
      seen.set(((formatWord(qrMatrix(text)) ^ 0x5412) >> 10) & 7, text);
    }
    expect([...seen.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const text of seen.values()) expect(decode(qrMatrix(text))?.data).toBe(text);
  });

  it('a version of 10 or more: alignment patterns, version information, 16-bit count', () => {
    const text = Array.from({ length: 300 }, (_, i) => String.fromCharCode(33 + ((i * 31) % 94))).join('');
    const matrix = qrMatrix(text);
    const result = decode(matrix);
    expect(result?.version).toBe(13);
    expect(result?.data).toBe(text);
  });

  it('either copy of the format information is enough', () => {
    const text = 'two copies';
    const matrix = qrMatrix(text, { ecc: 'Q' });
    const size = matrix.length;
    const topLeft: [number, number][] = [[0, 8], [2, 8], [8, 1], [8, 3]];
    const besideOthers: [number, number][] = [[size - 1, 8], [size - 3, 8], [8, size - 2], [8, size - 4]];
    expect(decode(flipped(matrix, topLeft))?.data).toBe(text);
    expect(decode(flipped(matrix, besideOthers))?.data).toBe(text);
  });

  it('either copy of the version information is enough', () => {
    const text = 'v'.repeat(130);
    const matrix = qrMatrix(text);
    const size = matrix.length;
    expect(version(matrix)).toBe(8);
    const topRight: [number, number][] = [[size - 11, 0], [size - 10, 2], [size - 9, 4], [size - 11, 5]];
    const bottomLeft = topRight.map(([x, y]): [number, number] => [y, x]);
    expect(decode(flipped(matrix, topRight))?.data).toBe(text);
    expect(decode(flipped(matrix, bottomLeft))?.data).toBe(text);
  });
});

describe('qrMatrix picks the smallest version', () => {
  // Byte capacities at level M from the standard's table 7: 14 (version 1), 180 (9), 213 (10), 2331 (40).
  it.each([
    [14, 1],
    [15, 2],
    [180, 9],
    [181, 10],
  ])('%i bytes at level M: version %i', (length, expected) => {
    const text = 'a'.repeat(length);
    const matrix = qrMatrix(text);
    expect(version(matrix)).toBe(expected);
    expect(decode(matrix)?.data).toBe(text);
  });

  it('counts UTF-8 bytes, not characters', () => {
    expect(version(qrMatrix('é'.repeat(7)))).toBe(1);
    expect(version(qrMatrix('é'.repeat(8)))).toBe(2);
  });

  it('throws a RangeError past version 40', () => {
    expect(version(qrMatrix('a'.repeat(2953), { ecc: 'L' }))).toBe(40);
    expect(() => qrMatrix('a'.repeat(2954), { ecc: 'L' })).toThrow(RangeError);
    expect(() => qrMatrix('é'.repeat(1166))).toThrow('at level M holds at most 2331 bytes; this text has 2332');
  });
});

describe('qrMatrix structure', () => {
  const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
  const read = (matrix: boolean[][], x: number, y: number, width: number, height: number) =>
    Array.from({ length: height }, (_, dy) => Array.from({ length: width }, (_, dx) => bit(matrix, x + dx, y + dy)).join(''));

  // Byte counts that fill versions 1, 7 and 14 at level M.
  it.each([
    [1, 14],
    [7, 122],
    [14, 362],
  ])('version %i: 17 + 4 × version modules a side, finders in three corners with light separators', (expected, length) => {
    const matrix = qrMatrix('a'.repeat(length));
    const size = 17 + 4 * expected;
    expect(matrix).toHaveLength(size);
    for (const row of matrix) expect(row).toHaveLength(size);
    expect(read(matrix, 0, 0, 7, 7)).toEqual(finder);
    expect(read(matrix, size - 7, 0, 7, 7)).toEqual(finder);
    expect(read(matrix, 0, size - 7, 7, 7)).toEqual(finder);
    expect(read(matrix, 7, 0, 1, 8).join('') + read(matrix, 0, 7, 8, 1).join('')).toBe('0'.repeat(16));
    expect(bit(matrix, 8, size - 8)).toBe(1);
  });

  it('timing row and column alternate between the finders', () => {
    const matrix = qrMatrix('timing');
    const size = matrix.length;
    for (let i = 8; i < size - 8; i++) {
      expect(bit(matrix, i, 6)).toBe(i % 2 === 0 ? 1 : 0);
      expect(bit(matrix, 6, i)).toBe(i % 2 === 0 ? 1 : 0);
    }
  });

  it('alignment patterns where the standard puts them, version 7 information as in its table', () => {
    const matrix = qrMatrix('a'.repeat(122));
    expect(version(matrix)).toBe(7);
    const alignment = ['11111', '10001', '10101', '10001', '11111'];
    for (const [x, y] of [[22, 6], [6, 22], [22, 22], [38, 22], [22, 38], [38, 38]] as const) expect(read(matrix, x - 2, y - 2, 5, 5)).toEqual(alignment);
    expect(versionWord(matrix)).toBe(0x07c94);
  });
});

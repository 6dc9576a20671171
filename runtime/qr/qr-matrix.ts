// QR Code model 2 (ISO/IEC 18004) in byte mode: the module matrix of a text, `true` = dark, quiet zone
// not included. Pure: no DOM, no React, so it can be tested by decoding its output.

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

const LEVELS = 'LMQH';
/** The two error-correction bits of the format information, in LEVELS order. */
const LEVEL_FORMAT_BITS = [1, 0, 3, 2];
// ISO/IEC 18004 table 9, versions 1 to 40, levels in LEVELS order: error-correction codewords per block...
const EC_CODEWORDS_PER_BLOCK = [
  [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
];
// ...and blocks.
const EC_BLOCKS = [
  [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
];
/** Data masks by number; x is the column, y the row. */
const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** A symbol being built: modules row by row; `reserved` marks the function patterns that data must avoid. */
interface Grid {
  size: number;
  dark: boolean[];
  reserved: boolean[];
}

interface Code {
  version: number;
  level: number;
}

/** The smallest symbol holding `text` in byte mode (UTF-8), level M unless told; RangeError past version 40. */
export function qrMatrix(text: string, options: { ecc?: QrErrorCorrection } = {}): boolean[][] {
  const level = LEVELS.indexOf(options.ecc ?? 'M');
  if (level < 0) throw new RangeError(`Unknown QR error-correction level ${options.ecc}: use L, M, Q or H.`);
  const bytes = new TextEncoder().encode(text);
  const code = smallestCode(bytes.length, level);
  const grid = functionPatterns(code.version);
  placeCodewords(grid, errorCorrectedCodewords(dataCodewords(bytes, code), code));
  const dark = bestMasked(grid, code.level);
  return Array.from({ length: grid.size }, (_, y) => dark.slice(y * grid.size, (y + 1) * grid.size));
}

function smallestCode(byteCount: number, level: number): Code {
  for (let version = 1; version <= 40; version++) {
    const code = { version, level };
    if (4 + countBits(version) + 8 * byteCount <= 8 * dataCodewordCount(code)) return code;
  }
  const most = dataCodewordCount({ version: 40, level }) - 3;
  throw new RangeError(`A QR code at level ${LEVELS[level]} holds at most ${most} bytes; this text has ${byteCount}.`);
}

function countBits(version: number): number {
  return version < 10 ? 8 : 16;
}

/** Codewords in a symbol: its modules less the function patterns, whole bytes (the rest are remainder bits). */
function totalCodewords(version: number): number {
  const size = 17 + 4 * version;
  const alignments = version < 2 ? 0 : Math.floor(version / 7) + 2;
  // Finders with separators and format information (3 × 64 + 31), timing lines, alignment patterns
  // (those on the timing lines share 5 modules with them), version information.
  const alignmentModules = alignments && 25 * (alignments * alignments - 3) - 10 * (alignments - 2);
  const modules = size * size - 223 - 2 * (size - 16) - alignmentModules - (version < 7 ? 0 : 36);
  return modules >> 3;
}

function ecLayout({ version, level }: Code): { blocks: number; ecLength: number } {
  return { blocks: EC_BLOCKS[level]?.[version - 1] ?? 0, ecLength: EC_CODEWORDS_PER_BLOCK[level]?.[version - 1] ?? 0 };
}

function dataCodewordCount(code: Code): number {
  const { blocks, ecLength } = ecLayout(code);
  return totalCodewords(code.version) - blocks * ecLength;
}

/** Mode, count, bytes, terminator, then the alternating pad codewords up to the capacity. */
function dataCodewords(bytes: Uint8Array, code: Code): number[] {
  const capacity = dataCodewordCount(code);
  const field = (value: number, length: number) => value.toString(2).padStart(length, '0');
  let bits = field(4, 4) + field(bytes.length, countBits(code.version)) + Array.from(bytes, (byte) => field(byte, 8)).join('');
  bits = `${bits}0000`.slice(0, 8 * capacity);
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  const codewords = (bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2));
  for (let pad = 0xec; codewords.length < capacity; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** The data split into blocks (the longer ones last), each followed by its Reed-Solomon codewords, interleaved. */
function errorCorrectedCodewords(data: number[], code: Code): number[] {
  const { blocks, ecLength } = ecLayout(code);
  const total = totalCodewords(code.version);
  const shortBlocks = blocks - (total % blocks);
  const shortLength = Math.floor(total / blocks) - ecLength;
  const generator = rsGenerator(ecLength);
  const dataBlocks: number[][] = [];
  for (let block = 0, start = 0; block < blocks; block++) {
    const length = shortLength + (block < shortBlocks ? 0 : 1);
    dataBlocks.push(data.slice(start, (start += length)));
  }
  return [...interleave(dataBlocks), ...interleave(dataBlocks.map((block) => rsRemainder(block, generator)))];
}

function interleave(blocks: number[][]): number[] {
  const longest = Math.max(...blocks.map((block) => block.length));
  return Array.from({ length: longest }, (_, i) => blocks.flatMap((block) => block.slice(i, i + 1))).flat();
}

/** Product in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> bit) & 1) * a;
  }
  return product;
}

/** (x - α^0)(x - α^1)…(x - α^(degree-1)), coefficients from the highest power. */
function rsGenerator(degree: number): number[] {
  let generator = [1];
  for (let i = 0, root = 1; i < degree; i++, root = gfMultiply(root, 2)) {
    const previous = generator;
    generator = [...previous, 0].map((coefficient, j) => coefficient ^ gfMultiply(previous[j - 1] ?? 0, root));
  }
  return generator;
}

/** The remainder of data · x^degree divided by the generator: the error-correction codewords. */
function rsRemainder(data: number[], generator: number[]): number[] {
  const remainder = generator.slice(1).fill(0);
  for (const codeword of data) {
    const factor = codeword ^ (remainder.shift() ?? 0);
    remainder.push(0);
    remainder.forEach((value, i) => (remainder[i] = value ^ gfMultiply(generator[i + 1] ?? 0, factor)));
  }
  return remainder;
}

function setFunctionModule(grid: Grid, x: number, y: number, dark: boolean): void {
  grid.dark[y * grid.size + x] = dark;
  grid.reserved[y * grid.size + x] = true;
}

/** A square pattern centred on (cx, cy), dark where `isDark` says for the ring at that distance; clipped to the symbol. */
function drawRings(grid: Grid, cx: number, cy: number, radius: number, isDark: (ring: number) => boolean): void {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      if (x >= 0 && y >= 0 && x < grid.size && y < grid.size) setFunctionModule(grid, x, y, isDark(Math.max(Math.abs(dx), Math.abs(dy))));
    }
  }
}

/** Centres of the alignment patterns along either axis: 6, the last at size - 7, evenly (even) spaced between. */
function alignmentCentres(version: number): number[] {
  if (version < 2) return [];
  const count = Math.floor(version / 7) + 2;
  const last = 10 + 4 * version;
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2;
  return [6, ...Array.from({ length: count - 1 }, (_, i) => last - (count - 2 - i) * step)];
}

/** Finders with separators, alignment patterns, timing lines, and the reserved format and version areas. */
function functionPatterns(version: number): Grid {
  const size = 17 + 4 * version;
  const grid = { size, dark: Array<boolean>(size * size).fill(false), reserved: Array<boolean>(size * size).fill(false) };
  for (const [x, y] of [[3, 3], [size - 4, 3], [3, size - 4]] as const) drawRings(grid, x, y, 4, (ring) => ring !== 2 && ring !== 4);
  // Before the timing lines, so that only the finders hide alignment patterns (both agree where they cross).
  const centres = alignmentCentres(version);
  for (const x of centres) {
    for (const y of centres) if (!grid.reserved[y * size + x]) drawRings(grid, x, y, 2, (ring) => ring !== 1);
  }
  for (let i = 8; i < size - 8; i++) {
    setFunctionModule(grid, 6, i, i % 2 === 0);
    setFunctionModule(grid, i, 6, i % 2 === 0);
  }
  drawFormatInformation(grid, 0);
  if (version >= 7) drawVersionInformation(grid, withBchCode(version, 0x1f25, 12));
  return grid;
}

/** `data` followed by the remainder of data · x^degree divided by `generator` (a BCH code). */
function withBchCode(data: number, generator: number, degree: number): number {
  let remainder = data;
  for (let i = 0; i < degree; i++) remainder = (remainder << 1) ^ ((remainder >>> (degree - 1)) * generator);
  return (data << degree) | remainder;
}

/** The 15 format bits, twice: around the top-left finder, and split under the top-right and beside the bottom-left ones. */
function drawFormatInformation(grid: Grid, bits: number): void {
  const { size } = grid;
  for (let i = 0; i < 15; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    if (i < 8) {
      setFunctionModule(grid, 8, i < 6 ? i : i + 1, dark);
      setFunctionModule(grid, size - 1 - i, 8, dark);
    } else {
      setFunctionModule(grid, i === 8 ? 7 : 14 - i, 8, dark);
      setFunctionModule(grid, 8, size - 15 + i, dark);
    }
  }
  setFunctionModule(grid, 8, size - 8, true);
}

/** The 18 version bits, in a 3×6 block left of the top-right finder and its transpose above the bottom-left one. */
function drawVersionInformation(grid: Grid, bits: number): void {
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const across = grid.size - 11 + (i % 3);
    const along = Math.floor(i / 3);
    setFunctionModule(grid, across, along, dark);
    setFunctionModule(grid, along, across, dark);
  }
}

/** Codeword bits, most significant first, up and down two-module columns from the right, skipping the timing column. */
function placeCodewords(grid: Grid, codewords: number[]): void {
  const { size } = grid;
  let bit = 0;
  for (let right = size - 1, upward = true; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (grid.reserved[y * size + x]) continue;
        grid.dark[y * size + x] = (((codewords[bit >>> 3] ?? 0) >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }
}

/** The symbol under the mask with the lowest penalty, with that mask's format information. */
function bestMasked(grid: Grid, level: number): boolean[] {
  let best: boolean[] = [];
  let lowest = Infinity;
  MASKS.forEach((mask, number) => {
    const size = grid.size;
    const candidate = { ...grid, dark: grid.dark.map((dark, i) => dark !== (!grid.reserved[i] && mask(i % size, Math.floor(i / size)))) };
    drawFormatInformation(candidate, withBchCode((LEVEL_FORMAT_BITS[level] ?? 0) << 3 | number, 0x537, 10) ^ 0x5412);
    const score = penalty(candidate.dark, size);
    if (score < lowest) [best, lowest] = [candidate.dark, score];
  });
  return best;
}

/** The standard's penalty: long runs, 2×2 blocks, finder-like 1:1:3:1:1 patterns, dark/light imbalance. */
function penalty(dark: boolean[], size: number): number {
  const rows = Array.from({ length: size }, (_, y) => dark.slice(y * size, (y + 1) * size).map(Number).join(''));
  const columns = Array.from({ length: size }, (_, x) => rows.map((row) => row[x]).join(''));
  let score = 0;
  for (const line of [...rows, ...columns]) {
    for (const run of line.match(/0{5,}|1{5,}/g) ?? []) score += run.length - 2;
    // The light modules around the pattern may be the quiet zone.
    score += 40 * (`0000${line}0000`.match(/(?=10111010000|00001011101)/g) ?? []).length;
  }
  for (let y = 1; y < size; y++) {
    for (let x = 1; x < size; x++) {
      const block = (rows[y - 1] ?? '').slice(x - 1, x + 1) + (rows[y] ?? '').slice(x - 1, x + 1);
      if (block === '0000' || block === '1111') score += 3;
    }
  }
  const darkCount = dark.filter(Boolean).length;
  return score + Math.floor(Math.abs(darkCount * 20 - dark.length * 10) / dark.length) * 10;
}

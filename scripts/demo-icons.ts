// The demo PWA's PNG icons, drawn from the shapes of demo/public/icon.svg (an indigo tile with a white
// padlock) and encoded as PNG with zlib only: no image library. `npm run gen` writes them (scripts/gen.ts).
import { deflateSync, inflateSync } from 'node:zlib';

export const INDIGO = [0x4f, 0x46, 0xe5] as const;

export interface DemoIcon {
  file: string;
  size: number;
  /** `any`: the SVG's rounded tile on transparency. `maskable`: full bleed, padlock inside the safe zone. */
  purpose: 'any' | 'maskable';
}

export const DEMO_ICONS: readonly DemoIcon[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  // iOS ignores the manifest's icons and fills transparency with black: an opaque tile of its own size.
  { file: 'apple-touch-icon.png', size: 180, purpose: 'maskable' },
];

function insideRoundedRect(x: number, y: number, left: number, top: number, right: number, bottom: number, radius: number): boolean {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The padlock of icon.svg (viewBox 0 0 64): shackle `M20 30v-6a12 12 0 0 1 24 0v6` stroked 5 wide, body 32x22. */
function insidePadlock(x: number, y: number): boolean {
  if (insideRoundedRect(x, y, 16, 30, 48, 52, 4)) return true;
  if (y <= 24) return Math.abs(Math.hypot(x - 32, y - 24) - 12) <= 2.5;
  return y <= 30 && (Math.abs(x - 20) <= 2.5 || Math.abs(x - 44) <= 2.5);
}

/** The colour at a point of the 64-unit design: [r, g, b, alpha 0|1]. */
function sample(purpose: DemoIcon['purpose'], x: number, y: number): readonly [number, number, number, number] {
  if (purpose === 'any') {
    if (!insideRoundedRect(x, y, 0, 0, 64, 64, 14)) return [0, 0, 0, 0];
    return insidePadlock(x, y) ? [255, 255, 255, 1] : [...INDIGO, 1];
  }
  // Maskable: the glyph (x 16-48, y 9.5-52) scaled by 0.75 around the centre stays inside the 40% safe circle.
  const scale = 0.75;
  const gx = 32 + (x - 32) / scale;
  const gy = 30.75 + (y - 32) / scale;
  return insidePadlock(gx, gy) ? [255, 255, 255, 1] : [...INDIGO, 1];
}

/** RGBA pixels (row-major, non-premultiplied), 4x4 samples per pixel for smooth edges. */
export function drawDemoIcon(size: number, purpose: DemoIcon['purpose']): Uint8Array {
  const samples = 4;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const [sr, sg, sb, sa] = sample(purpose, ((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size);
          r += sr * sa;
          g += sg * sa;
          b += sb * sa;
          a += sa;
        }
      }
      const at = (py * size + px) * 4;
      pixels[at] = a ? Math.round(r / a) : 0;
      pixels[at + 1] = a ? Math.round(g / a) : 0;
      pixels[at + 2] = a ? Math.round(b / a) : 0;
      pixels[at + 3] = Math.round((a * 255) / samples ** 2);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO 3309) as PNG chunks use it. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGBA PNG: IHDR, one IDAT (scanlines with filter 0, deflated), IEND. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, filter method 0, no interlace
  const scanlines = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    scanlines[y * (width * 4 + 1)] = 0;
    scanlines.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(scanlines, { level: 9 })), chunk('IEND', new Uint8Array(0))]);
}

/** The demo's PNG icons in demo/public, as drawn now: one of `npm run gen`'s generators. */
export function demoIconFiles(): Record<string, Uint8Array> {
  return Object.fromEntries(DEMO_ICONS.map((icon) => [`demo/public/${icon.file}`, encodePng(icon.size, icon.size, drawDemoIcon(icon.size, icon.purpose))]));
}

/** The RGBA pixels of a PNG that encodePng wrote (its IDAT chunks, inflated, without each line's filter byte). */
export function pngPixels(png: Uint8Array): Uint8Array {
  const bytes = Buffer.from(png);
  const width = bytes.readUInt32BE(16);
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at)) {
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + bytes.readUInt32BE(at)));
  }
  const scanlines = inflateSync(Buffer.concat(idat));
  const line = width * 4 + 1;
  return Buffer.concat(Array.from({ length: scanlines.length / line }, (_, y) => scanlines.subarray(y * line + 1, (y + 1) * line)));
}

// The demo PWA is installable: its manifest parses and names PNG icons of the sizes browsers ask for, and
// those files are valid PNGs, of those sizes and colours (scripts/gen.test.ts checks they are what the drawing makes today).
import { existsSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, DEMO_ICONS, PNG_SIGNATURE } from './demo-icons.ts';

const publicFile = (src: string) => new URL(`../demo/public/${src.replace(/^\//, '')}`, import.meta.url);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: ManifestIcon[];
};

/** The chunks of a PNG file, each with its CRC checked. */
function readPng(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const typeAndData = bytes.subarray(at + 4, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length), `CRC of chunk ${chunks.length}`).toBe(crc32(typeAndData));
    chunks.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  const header = chunks[0]?.data ?? Buffer.alloc(13);
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', ...chunks.slice(1, -1).map(() => 'IDAT'), 'IEND']);
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  // 8-bit RGBA, deflate, filter method 0, not interlaced.
  expect([...header.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
  const scanlines = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  expect(scanlines.length).toBe(height * (width * 4 + 1));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    // The generator writes filter type 0 (none) on every line.
    expect(scanlines[y * (width * 4 + 1)]).toBe(0);
    rgba.set(scanlines.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, rgba };
}

describe('the demo manifest', () => {
  it('parses, starts at / and opens standalone', () => {
    expect(manifest).toMatchObject({ name: 'authworker demo', short_name: 'authworker', start_url: '/', display: 'standalone', theme_color: '#4f46e5' });
  });

  it('names PNG icons of 192x192 and 512x512, for any use and maskable, and keeps the SVG', () => {
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const purpose of ['any', 'maskable']) {
      expect(pngs.filter((icon) => (icon.purpose ?? 'any') === purpose).map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    }
    expect(manifest.icons).toContainEqual({ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
  });

  it('points at files that exist, of the size it states', () => {
    for (const icon of manifest.icons) {
      expect(existsSync(publicFile(icon.src)), icon.src).toBe(true);
      if (icon.type !== 'image/png') continue;
      const { width, height } = readPng(readFileSync(publicFile(icon.src)));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('links an apple-touch-icon from index.html: an opaque 180x180 PNG', () => {
    const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(readFileSync(new URL('../demo/index.html', import.meta.url), 'utf8'))?.[1];
    expect(href).toBe('/apple-touch-icon.png');
    const { width, height, rgba } = readPng(readFileSync(publicFile(href ?? '')));
    expect([width, height]).toEqual([180, 180]);
    expect(rgba.filter((_, i) => i % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
  });
});

describe('the PNG icons', () => {
  it.each(DEMO_ICONS)('$file is the padlock on the indigo tile ($size px, $purpose)', ({ file, size, purpose }) => {
    const { width, height, rgba } = readPng(readFileSync(publicFile(file)));
    expect([width, height]).toEqual([size, size]);
    const pixel = (x: number, y: number) => [...rgba.subarray((y * size + x) * 4, (y * size + x) * 4 + 4)];
    // The SVG's colours: an indigo tile, a white padlock at the centre.
    expect(pixel(Math.round(size * 0.1), Math.round(size / 2))).toEqual([0x4f, 0x46, 0xe5, 255]);
    expect(pixel(Math.round(size / 2), Math.round(size * 0.65))).toEqual([255, 255, 255, 255]);
    // `any` keeps the rounded corners transparent; maskable fills to the edge (the platform applies its mask).
    expect(pixel(0, 0)[3]).toBe(purpose === 'any' ? 0 : 255);
  });

  it('computes the PNG CRC-32 of the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

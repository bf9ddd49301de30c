// Draws the console's app icons (PWA manifest, apple-touch-icon) as PNGs with no dependencies:
// a blue tile with a sun over a solar panel, the same motif as the favicon. Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (buf) => {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
/** maskable: the motif stays inside the central 80 % safe zone */
const icon = (x, y) => {
  let c = mix([11, 59, 96], [21, 101, 192], y); // tile gradient
  const dx = x - 0.5;
  const dy = y - 0.36;
  const d = Math.hypot(dx, dy);
  if (d < 0.15) c = [245, 166, 35];
  else if (d < 0.2) c = mix([245, 166, 35], c, (d - 0.15) / 0.05);
  // panel: a trapezoid from y .55 to .8
  if (y > 0.55 && y < 0.8) {
    const t = (y - 0.55) / 0.25;
    const half = 0.2 + t * 0.1;
    if (Math.abs(dx) < half) {
      const u = (dx + half) / (2 * half);
      const grid = Math.abs(u * 4 - Math.round(u * 4)) < 0.04 || Math.abs(t * 3 - Math.round(t * 3)) < 0.05;
      c = grid ? [207, 230, 255] : [16, 84, 150];
    }
  }
  return [...c, 255];
};

for (const size of [192, 512]) writeFileSync(join(out, `pwa-${size}.png`), png(size, icon));
writeFileSync(join(out, 'apple-touch-icon.png'), png(180, icon));
console.log('icons written to', out);

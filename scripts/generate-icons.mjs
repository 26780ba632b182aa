#!/usr/bin/env node
// Draws the app and tray icons as PNGs (no downloads, no image tools): a speech bubble with
// three "waiting" dots. Run: node scripts/generate-icons.mjs  (writes build/icon.png, build/tray/*,
// renderer/public/icons/*).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** Encodes RGBA pixels (Float rows of [r,g,b,a] 0..255) as a PNG. */
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set(
        [r, g, b, a].map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        y * (size * 4 + 1) + 1 + x * 4,
      );
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Shapes in unit coordinates (0..1); each returns true when the point is inside. */
const roundedSquare = (x, y, r) => {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  return dx * dx + dy * dy <= r * r;
};
const bubble = (x, y, inset = 0) => {
  const inEllipse = ((x - 0.5) / (0.4 - inset)) ** 2 + ((y - 0.46) / (0.32 - inset)) ** 2 <= 1;
  const tail =
    inset === 0 && y > 0.6 && y < 0.9 && x > 0.24 && x < 0.42 && x - 0.24 < (0.9 - y) * 0.6;
  return inEllipse || tail;
};
const dots = (x, y, radius) =>
  [0.32, 0.5, 0.68].some((cx) => (x - cx) ** 2 + (y - 0.46) ** 2 <= radius * radius);

/** Supersampled drawing: `paint(u, v)` returns [r,g,b,a] for one sample. */
function draw(size, paint, samples = 4) {
  return png(size, (px, py) => {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < samples; sy++) {
      for (let sx = 0; sx < samples; sx++) {
        const [r, g, b, a] = paint(
          (px + (sx + 0.5) / samples) / size,
          (py + (sy + 0.5) / samples) / size,
        );
        acc[0] += r * a;
        acc[1] += g * a;
        acc[2] += b * a;
        acc[3] += a;
      }
    }
    const n = samples * samples;
    return acc[3] === 0
      ? [0, 0, 0, 0]
      : [acc[0] / acc[3], acc[1] / acc[3], acc[2] / acc[3], acc[3] / n];
  });
}

const clear = [0, 0, 0, 0];
const app = (u, v) => {
  if (!roundedSquare(u, v, 0.2)) return clear;
  if (bubble(u, v) && !dots(u, v, 0.05)) return [255, 255, 255, 255];
  return [37, 99, 235, 255];
};
/** Full-bleed (a maskable icon or Apple's touch icon): the bubble scaled into the safe zone. */
const fullBleed = (scale) => (u, v) => {
  const x = (u - 0.5) / scale + 0.5;
  const y = (v - 0.5) / scale + 0.5;
  return bubble(x, y) && !dots(x, y, 0.05) ? [255, 255, 255, 255] : [37, 99, 235, 255];
};
const trayIdle = (u, v) =>
  bubble(u, v) && !bubble(u, v, 0.09)
    ? [110, 118, 129, 255]
    : dots(u, v, 0.06)
      ? [110, 118, 129, 255]
      : clear;
const trayPending = (u, v) => {
  if ((u - 0.8) ** 2 + (v - 0.2) ** 2 <= 0.2 ** 2) return [220, 38, 38, 255];
  if (bubble(u, v) && !dots(u, v, 0.06)) return [245, 158, 11, 255];
  return clear;
};

const outputs = [
  ['build/icon.png', 512, app],
  ['build/tray/tray-idle.png', 22, trayIdle],
  ['build/tray/tray-idle@2x.png', 44, trayIdle],
  ['build/tray/tray-pending.png', 22, trayPending],
  ['build/tray/tray-pending@2x.png', 44, trayPending],
  // The installable web inbox (renderer/public/manifest.webmanifest, index.html).
  ['renderer/public/icons/icon-192.png', 192, app],
  ['renderer/public/icons/icon-512.png', 512, app],
  ['renderer/public/icons/icon-maskable-512.png', 512, fullBleed(0.72)],
  ['renderer/public/icons/apple-touch-icon.png', 180, fullBleed(0.86)],
];
for (const [file, size, paint] of outputs) {
  const path = join(ROOT, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, draw(size, paint));
  console.log(`wrote ${file} (${size}x${size})`);
}

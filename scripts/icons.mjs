// Draws the app's PNG icons (the install prompt, the home screen, iOS's apple-touch-icon) from the
// favicon's shape: a two-tone capsule on white, or on the brand teal for the maskable icon, whose
// artwork stays inside the middle 80 % that every launcher's mask keeps. Pure Node (node:zlib's
// deflate and a CRC), so it runs without a browser or the network: `node scripts/icons.mjs`.
// The PNGs are committed; run this again only when the design changes.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const TEAL = [0x0f, 0x76, 0x6e]; // brand (tailwind.config.ts), the favicon's dark half
const MINT = [0x99, 0xf6, 0xe4]; // the favicon's light half
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** An 8-bit RGB PNG of `size`² pixels, `pixel(x, y)` giving each colour. */
export function png(size, pixel) {
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // filter byte 0 (none), then the row
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The favicon's capsule (24 × 12 units of its 32-unit box), scaled so it spans `span` of the icon,
 * on `background`; edges anti-aliased by 4 × 4 supersampling.
 */
function capsuleIcon(size, span, background, left, right) {
  const unit = (size * span) / 24;
  const cx = size / 2;
  const cy = size / 2;
  const r = 6 * unit;
  const colourAt = (x, y) => {
    // Distance to the capsule's core segment, from (cx - 6u, cy) to (cx + 6u, cy).
    const dx = Math.max(Math.abs(x - cx) - 6 * unit, 0);
    if (dx * dx + (y - cy) ** 2 > r * r) return null;
    return x < cx ? left : right;
  };
  return png(size, (px, py) => {
    let sum = [0, 0, 0];
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        const c = colourAt(px + (i + 0.5) / 4, py + (j + 0.5) / 4) ?? background;
        sum = sum.map((v, k) => v + c[k]);
      }
    return sum.map((v) => Math.round(v / 16));
  });
}

const out = new URL("../public/icons/", import.meta.url);
const icons = {
  "icon-192.png": capsuleIcon(192, 0.8, WHITE, TEAL, MINT),
  "icon-512.png": capsuleIcon(512, 0.8, WHITE, TEAL, MINT),
  // Maskable: full-bleed teal, the capsule within the 80 % safe zone (a circle of radius 40 %).
  "maskable-512.png": capsuleIcon(512, 0.6, TEAL, WHITE, MINT),
  // iOS rounds the corners itself and shows no transparency: white, like the "any" icons.
  "apple-touch-icon.png": capsuleIcon(180, 0.8, WHITE, TEAL, MINT),
};
for (const [name, bytes] of Object.entries(icons)) writeFileSync(new URL(name, out), bytes);
console.log(`wrote ${Object.keys(icons).join(", ")} to public/icons/`);

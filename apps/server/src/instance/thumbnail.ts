import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { encode } from 'blurhash';

/** Where the generated default thumbnail lives, relative to the media folder. */
export const DEFAULT_THUMBNAIL_PATH = 'site/thumbnail.png';
export const DEFAULT_THUMBNAIL_1X_PATH = 'site/thumbnail@1x.png';
const WIDTH = 1200;
const HEIGHT = 630;

function gradientSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4f46e5"/>
      <stop offset="0.55" stop-color="#7c3aed"/>
      <stop offset="1" stop-color="#db2777"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.78" cy="0.22" r="0.6">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <circle cx="260" cy="470" r="150" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="420" cy="400" r="95" fill="#ffffff" fill-opacity="0.08"/>
</svg>`;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Writes the default product thumbnail (1200×630 and a 600×315 @1x version) unless it is already there. */
export async function ensureDefaultThumbnail(mediaDir: string): Promise<void> {
  const full = path.join(mediaDir, DEFAULT_THUMBNAIL_PATH);
  const small = path.join(mediaDir, DEFAULT_THUMBNAIL_1X_PATH);
  if ((await exists(full)) && (await exists(small))) return;
  await fs.mkdir(path.dirname(full), { recursive: true });
  const png = await sharp(Buffer.from(gradientSvg())).png().toBuffer();
  await fs.writeFile(full, png);
  await sharp(png)
    .resize(WIDTH / 2, HEIGHT / 2)
    .png()
    .toFile(small);
}

const blurhashCache = new Map<string, { mtimeMs: number; hash: string }>();

/** The blurhash of an image file, computed from a small resize and remembered until the file changes. */
export async function blurhashOf(file: string): Promise<string | null> {
  try {
    const { mtimeMs } = await fs.stat(file);
    const cached = blurhashCache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.hash;
    const { data, info } = await sharp(file)
      .resize(32, 32, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = encode(new Uint8ClampedArray(data), info.width, info.height, 4, 3);
    blurhashCache.set(file, { mtimeMs, hash });
    return hash;
  } catch {
    return null;
  }
}

import sharp from 'sharp';
import { blurhashOfImage } from '../media/blurhash.js';
import type { MediaStorage } from '../media/storage.js';

/** Where the generated default thumbnail lives: its media store key. */
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

/** Stores the default product thumbnail (1200×630 and a 600×315 @1x version) unless the store has it. */
export async function ensureDefaultThumbnail(storage: MediaStorage): Promise<void> {
  const [full, small] = await Promise.all([
    storage.versionOf(DEFAULT_THUMBNAIL_PATH),
    storage.versionOf(DEFAULT_THUMBNAIL_1X_PATH),
  ]);
  if (full !== null && small !== null) return;
  const png = await sharp(Buffer.from(gradientSvg())).png().toBuffer();
  await storage.put(DEFAULT_THUMBNAIL_PATH, png, 'image/png');
  const smallPng = await sharp(png)
    .resize(WIDTH / 2, HEIGHT / 2)
    .png()
    .toBuffer();
  await storage.put(DEFAULT_THUMBNAIL_1X_PATH, smallPng, 'image/png');
}

/** per store: each image's blurhash and the version of the file it was computed from */
const blurhashCache = new WeakMap<MediaStorage, Map<string, { version: string; hash: string }>>();

/** The blurhash of a stored image, computed from a small resize and remembered until the file changes. */
export async function blurhashOf(storage: MediaStorage, key: string): Promise<string | null> {
  try {
    const version = await storage.versionOf(key);
    if (version === null) return null;
    let cache = blurhashCache.get(storage);
    if (!cache) {
      cache = new Map<string, { version: string; hash: string }>();
      blurhashCache.set(storage, cache);
    }
    const cached = cache.get(key);
    if (cached && cached.version === version) return cached.hash;
    const hash = await blurhashOfImage(await storage.read(key));
    if (hash) cache.set(key, { version, hash });
    return hash;
  } catch {
    return null;
  }
}

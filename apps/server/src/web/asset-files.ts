import fs from 'node:fs/promises';
import path from 'node:path';

/** How a built asset may be sent: as built, and the build's precompressed twins (apps/web/build/precompress.ts). */
export interface AssetFile {
  type: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Files larger than this are not kept: sent from the disk (the build makes none today). */
const LARGEST_KEPT = 2 * 1024 * 1024;

async function readIfPresent(file: string): Promise<Buffer | null> {
  return fs.readFile(file).catch(() => null);
}

/**
 * The client's hashed assets (dist/assets), read once and then served from memory: a page load asks for forty of
 * them at once, and each used to cost a few file-system calls (the file and its twins) on the server's one event
 * loop while the browser waited. A hashed name never changes content, so nothing kept goes stale; a name that
 * is not there is looked up again next time (a newer build may have written it).
 */
export class AssetFiles {
  private readonly kept = new Map<string, Promise<AssetFile | null>>();

  constructor(private readonly folder: string) {}

  /** The asset `name` (a file name inside the folder, no path), or null when there is none to keep. */
  get(name: string): Promise<AssetFile | null> {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return Promise.resolve(null);
    let file = this.kept.get(name);
    if (!file) {
      file = this.read(name);
      this.kept.set(name, file);
      void file.then((found) => {
        if (!found) this.kept.delete(name);
      });
    }
    return file;
  }

  private async read(name: string): Promise<AssetFile | null> {
    const full = path.join(this.folder, name);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat?.isFile() || stat.size > LARGEST_KEPT) return null;
    const [identity, br, gzip] = await Promise.all([
      readIfPresent(full),
      readIfPresent(`${full}.br`),
      readIfPresent(`${full}.gz`),
    ]);
    if (!identity) return null;
    return { type: TYPES[path.extname(name)] ?? 'application/octet-stream', identity, br, gzip };
  }
}

/** The coding to send for an Accept-Encoding header: brotli, then gzip, when accepted and built. */
export function codingFor(file: AssetFile, acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...parameters]) => !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter)))
      .map(([coding]) => coding?.trim().toLowerCase()),
  );
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}

import { createHash } from 'node:crypto';
import { create } from 'tar';
import { PALCHAT_VERSION } from './limits.js';
import { listSourceFiles, type SourceTree } from './source-files.js';

export interface SourceTarball {
  body: Buffer;
  /** a strong validator of the body, quoted as the ETag header wants it */
  etag: string;
}

/** The folder every entry sits in, as in a release tarball (`palchat-0.1.0/package.json`). */
export const SOURCE_TARBALL_FOLDER = `palchat-${PALCHAT_VERSION}`;

/** The installation's source files (listSourceFiles) as a gzip tarball. */
export async function buildSourceTarball(tree: SourceTree): Promise<SourceTarball> {
  const files = await listSourceFiles(tree);
  const chunks: Buffer[] = [];
  const pack = create({ cwd: tree.root, gzip: true, portable: true, prefix: SOURCE_TARBALL_FOLDER }, files);
  for await (const chunk of pack) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/**
 * The tarball, built once on first use and kept (a few megabytes): the files a process runs do not change
 * under it, and building it for every request would let anyone make the server compress its whole tree at
 * will. A failed build is tried again on the next call.
 */
export function sourceTarballOnce(tree: SourceTree): () => Promise<SourceTarball> {
  let building: Promise<SourceTarball> | null = null;
  return () => {
    building ??= buildSourceTarball(tree).catch((error: unknown) => {
      building = null;
      throw error;
    });
    return building;
  };
}

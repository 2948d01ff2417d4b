import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installation's top folder: the checkout or unpacked release whose root package.json names Palchat. */
export const INSTALLATION_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where the server offers the source it runs (http/routes/source.ts). */
export const SOURCE_TARBALL_PATH = '/source.tar.gz';

/**
 * Where the source code of a package is published, from its manifest's `repository` (a string or `{ url }`,
 * npm's `git+https://…git` form too), as an https or http URL; empty when it names none.
 */
export function repositoryUrlOf(manifest: unknown): string {
  const repository = (manifest as { repository?: unknown } | null)?.repository;
  const raw =
    typeof repository === 'string'
      ? repository
      : typeof (repository as { url?: unknown } | undefined)?.url === 'string'
        ? (repository as { url: string }).url
        : '';
  const url = raw
    .trim()
    .replace(/^git\+/, '')
    .replace(/\.git$/, '');
  return /^https?:\/\/[^\s/]+\/\S*$/.test(url) ? url : '';
}

/**
 * The default of the `source_url` setting: the repository of the root package.json, empty when it names none.
 * The AGPL asks a server running a changed Palchat to offer its users that source; an operator who publishes
 * their copy points the setting at it.
 */
export const PALCHAT_SOURCE_URL = repositoryUrlOf(
  JSON.parse(readFileSync(path.join(INSTALLATION_ROOT, 'package.json'), 'utf8')) as unknown,
);

/**
 * The source_url the instance documents announce: the setting, else the tarball of the source this server runs,
 * so that the offer never points nowhere.
 */
export function announcedSourceUrl(setting: string, publicUrl: string): string {
  return setting || `${publicUrl}${SOURCE_TARBALL_PATH}`;
}

import { readFileSync } from 'node:fs';

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
 * The default of the `source_url` setting: the repository of the root package.json. The AGPL asks a server
 * running a changed Palchat to offer its users that source; an operator who changes it points the setting at
 * their own copy.
 */
export const PALCHAT_SOURCE_URL = repositoryUrlOf(
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as unknown,
);

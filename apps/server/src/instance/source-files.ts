import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SourceTree {
  /** the installation's top folder (the checkout, or the unpacked release) */
  root: string;
  /** folders that hold the server's data (database, media, uploads) or build output, wherever they are */
  excludedDirs: string[];
}

/** Installed dependencies and version control's own store: never source of this installation. */
const NEVER_DIRS = new Set(['node_modules', '.git']);

/**
 * Without git: the folders .gitignore names as generated (test reports, caches; the packages' build output,
 * while the top dist/ holds the service files; the top data/ and tmp/).
 */
const GENERATED_DIRS = new Set(['coverage', 'test-results', 'playwright-report', '.cache']);
function isGeneratedDir(name: string, atRoot: boolean): boolean {
  return GENERATED_DIRS.has(name) || (atRoot ? name === 'data' || name === 'tmp' : name === 'dist');
}

/**
 * Files that hold secrets or data rather than source: environment files (an `.example` or `.sample` is
 * documentation), private keys and certificates, key stores, databases and their journals.
 */
function holdsSecretsOrData(name: string): boolean {
  if (/^\.env($|\.)/.test(name)) return !/\.(example|sample)$/.test(name);
  if (/^id_(rsa|dsa|ecdsa|ed25519)/.test(name)) return true;
  return /\.(pem|key|p12|pfx|jks|keystore|sqlite|sqlite3|db|db-wal|db-shm|sqlite3-wal|sqlite3-shm|tsbuildinfo)$/.test(
    name,
  );
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Whether a path (relative to the root, with `/`) may be offered as source. */
function offerable(tree: SourceTree, relativePath: string): boolean {
  const parts = relativePath.split('/');
  if (parts.some((part) => NEVER_DIRS.has(part))) return false;
  if (holdsSecretsOrData(parts[parts.length - 1]!)) return false;
  const absolute = path.join(tree.root, ...parts);
  return !tree.excludedDirs.some((dir) => isInside(dir, absolute));
}

/**
 * A checkout's files as git sees them: tracked ones (their current contents, changed or not; those deleted
 * from the working tree are gone) plus untracked ones that .gitignore does not ignore. Null when git cannot
 * tell (not installed, or refusing the folder).
 */
async function filesGitKnows(root: string): Promise<string[] | null> {
  try {
    const { stdout } = await run(
      'git',
      // the server may run as another user than the checkout's owner, which git otherwise refuses
      [
        '-c',
        `safe.directory=${root}`,
        '-C',
        root,
        'ls-files',
        '-z',
        '--cached',
        '--others',
        '--exclude-standard',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return [...new Set(stdout.split('\0').filter(Boolean))];
  } catch {
    return null;
  }
}

/** Every file below the root but the generated folders .gitignore names, for an installation without git. */
async function filesOnDisk(root: string, relativeDir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, relativeDir), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relativePath = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (NEVER_DIRS.has(entry.name) || isGeneratedDir(entry.name, !relativeDir)) continue;
      files.push(...(await filesOnDisk(root, relativePath)));
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      files.push(relativePath);
    }
  }
  return files;
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * The installation's source files, relative to its root with `/`, sorted: what git tracks or would track when
 * the root is a git checkout, else the folder's files less generated ones; in both cases never installed
 * dependencies, the data folders, environment files, keys or databases.
 */
export async function listSourceFiles(tree: SourceTree): Promise<string[]> {
  const fromGit = existsSync(path.join(tree.root, '.git')) ? await filesGitKnows(tree.root) : null;
  const candidates = fromGit ?? (await filesOnDisk(tree.root));
  const offered: string[] = [];
  for (const file of candidates) {
    if (offerable(tree, file) && (await exists(path.join(tree.root, file)))) offered.push(file);
  }
  return offered.sort();
}

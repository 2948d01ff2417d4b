import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser } from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_TARBALL_FOLDER, buildSourceTarball } from '../src/instance/source-tarball.js';
import { listSourceFiles } from '../src/instance/source-files.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';

/** The tarball's entries, path to contents (files only), read back with tar's own parser. */
function entriesOf(tarball: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  const parser = new Parser({
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => entries.set(entry.path, Buffer.concat(chunks).toString('utf8')));
    },
  });
  parser.end(tarball);
  return entries;
}

/** The entries' paths without the tarball's top folder; throws on an entry outside it. */
function pathsOf(entries: Map<string, string>): string[] {
  return [...entries.keys()].map((entry) => {
    expect(entry.startsWith(`${SOURCE_TARBALL_FOLDER}/`)).toBe(true);
    return entry.slice(SOURCE_TARBALL_FOLDER.length + 1);
  });
}

function expectNoDataOrSecrets(paths: string[]): void {
  for (const file of paths) {
    expect(file.split('/')).not.toContain('node_modules');
    expect(file.startsWith('data/')).toBe(false);
    // an environment file's example is documentation
    expect(path.basename(file)).not.toMatch(/^\.env(?!\.example$)($|\.)/);
  }
}

describeEachDialect('the source offer', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect);
  });
  afterAll(() => server.close());

  it('serves the running source as a gzip tarball, without dependencies, data or secrets', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/source.tar.gz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${SOURCE_TARBALL_FOLDER}.tar.gz"`,
    );
    expect(response.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const paths = pathsOf(entriesOf(response.rawPayload));
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'package.json', 'apps/server/src/main.ts']));
    expectNoDataOrSecrets(paths);
  });

  it('answers HEAD with the length and no body, and 304 to a client holding it', async () => {
    const full = await server.app.inject({ method: 'GET', url: '/source.tar.gz' });
    const head = await server.app.inject({ method: 'HEAD', url: '/source.tar.gz' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(head.body).toBe('');
    const etag = String(full.headers.etag);
    const cached = await server.app.inject({
      method: 'GET',
      url: '/source.tar.gz',
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('is the source_url of the instance and NodeInfo while package.json names no repository', async () => {
    const offer = `${server.config.publicUrl}/source.tar.gz`;
    const instance = await server.app.inject({ method: 'GET', url: '/api/v2/instance' });
    expect(instance.json()).toMatchObject({ source_url: offer });
    const nodeinfo = await server.app.inject({ method: 'GET', url: '/nodeinfo/2.1' });
    expect(nodeinfo.json()).toMatchObject({ software: { repository: offer } });
  });
});

describe('which files are offered', () => {
  let root: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@palchat.example', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  const write = (file: string, contents = file) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), contents);
  };
  const layOut = () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-source-'));
    for (const file of [
      'LICENSE',
      'package.json',
      'src/main.ts',
      'src/old.ts',
      'dist/palchat-web.service',
      '.env.example',
      '.gitignore',
    ])
      write(file);
    fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules\n/data/\napps/web/dist/\n');
    for (const file of [
      'node_modules/tar/index.js',
      'data/palchat.sqlite3',
      'data/media/a.png',
      'apps/web/dist/index.html',
      'storage/media/b.png',
      '.env',
      '.env.production',
      'keys/federation.pem',
    ])
      write(file);
  };
  // the laid-out files offered either way, sorted (src/old.ts and src/new.ts differ)
  const SOURCE = [
    '.env.example',
    '.gitignore',
    'LICENSE',
    'dist/palchat-web.service',
    'package.json',
    'src/main.ts',
  ];
  // the server's data may live in a folder that .gitignore does not name
  const tree = () => ({ root, excludedDirs: [path.join(root, 'storage')] });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('offers what git tracks as it is now, and untracked files it does not ignore', async () => {
    layOut();
    git('init', '-q');
    git('add', 'LICENSE', 'package.json', 'src', 'dist', '.gitignore', '.env.example');
    // a secret committed by mistake is still not offered
    git('add', '-f', '.env');
    git('commit', '-q', '-m', 'start');
    write('src/main.ts', 'changed since the commit');
    write('src/new.ts');
    fs.rmSync(path.join(root, 'src/old.ts'));

    expect(await listSourceFiles(tree())).toEqual([...SOURCE, 'src/new.ts']);
    const entries = entriesOf((await buildSourceTarball(tree())).body);
    expect(entries.get(`${SOURCE_TARBALL_FOLDER}/src/main.ts`)).toBe('changed since the commit');
  });

  it('offers the folder less dependencies, data, build output and secrets without git', async () => {
    layOut();
    const paths = await listSourceFiles(tree());
    expect(paths).toEqual([...SOURCE, 'src/old.ts']);
    expectNoDataOrSecrets(paths);
  });
});

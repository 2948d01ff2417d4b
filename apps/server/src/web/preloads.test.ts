import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pathMatches,
  preloadLinks,
  PRELOADS_FILE,
  readRoutePreloads,
  type RoutePreloads,
} from './preloads.js';

const preloads: RoutePreloads = {
  routes: [
    { paths: ['*'], scripts: ['/assets/en-1.js'], styles: [] },
    {
      paths: ['/home', '/tags/:id'],
      scripts: ['/assets/views-2.js', '/assets/en-1.js'],
      styles: ['/assets/t-3.css'],
    },
    { paths: ['/@', '/@/:statusId'], scripts: ['/assets/account-4.js', '"><script>x</script>'], styles: [] },
  ],
};

describe('route preload hints', () => {
  it('match literal segments, parameters, handles and the /deck prefix', () => {
    expect(pathMatches('/home', '/home')).toBe(true);
    expect(pathMatches('/home', '/home/')).toBe(true);
    expect(pathMatches('/home', '/deck/home')).toBe(true);
    expect(pathMatches('/home', '/homes')).toBe(false);
    expect(pathMatches('/tags/:id', '/tags/cats')).toBe(true);
    expect(pathMatches('/tags/:id', '/tags')).toBe(false);
    expect(pathMatches('/@', '/@alice')).toBe(true);
    expect(pathMatches('/@', '/alice')).toBe(false);
    expect(pathMatches('/@', '/@')).toBe(false);
    expect(pathMatches('/@/:statusId', '/@alice/1')).toBe(true);
    expect(pathMatches('*', '/anything/at/all')).toBe(true);
  });

  it('hint each file of the matching routes once, stylesheets as preloads', () => {
    expect(preloadLinks(preloads, '/home')).toBe(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/t-3.css">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/en-1.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/views-2.js">',
    );
    expect(preloadLinks(preloads, '/about')).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/en-1.js">',
    );
  });

  it('never turn something other than an asset path into markup', () => {
    expect(preloadLinks(preloads, '/@alice')).not.toContain('<script');
    expect(preloadLinks(null, '/home')).toBe('');
  });

  it('read the table of the build, and nothing from an invalid file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-preloads-'));
    try {
      expect(await readRoutePreloads(dir)).toBeNull();
      fs.writeFileSync(path.join(dir, PRELOADS_FILE), JSON.stringify(preloads));
      expect(await readRoutePreloads(dir)).toEqual(preloads);
      fs.writeFileSync(path.join(dir, PRELOADS_FILE), '{"nope": 1}');
      fs.utimesSync(path.join(dir, PRELOADS_FILE), new Date(), new Date(Date.now() + 5000));
      expect(await readRoutePreloads(dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

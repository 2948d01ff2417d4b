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
  type Viewer,
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
  requests: [
    { path: '/home', url: '/api/v1/timelines/home', when: 'signed-in' },
    {
      path: '/public/local',
      url: '/api/v1/timelines/public?local=true&only_media=false',
      when: 'public-timelines',
    },
    { path: '/@', url: '/api/v1/x"><script>', when: 'public-timelines' },
  ],
  catalogues: { en: { firstScreen: '/assets/en-1.js', rest: '/assets/en.rest-5.js' } },
};
const signedIn: Viewer = { signedIn: true, publicTimelinesVisible: false };
const visitor: Viewer = { signedIn: false, publicTimelinesVisible: true };
const shutOut: Viewer = { signedIn: false, publicTimelinesVisible: false };

describe('route preload hints', () => {
  it("hint the catalogue of the page's own locale only", () => {
    const localized: RoutePreloads = {
      routes: [
        {
          paths: ['*'],
          scripts: [],
          styles: [],
          locales: { en: ['/assets/en-1.js'], de: ['/assets/de-5.js'] },
        },
      ],
    };
    expect(preloadLinks(localized, '/home', { ...visitor, locale: 'de' })).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/de-5.js">',
    );
    expect(preloadLinks(localized, '/home', visitor)).toContain('/assets/en-1.js');
    expect(preloadLinks(localized, '/home', { ...visitor, locale: 'ar' })).toBe('');
  });

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
    expect(preloadLinks(preloads, '/home', visitor)).toBe(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/t-3.css">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/en-1.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/views-2.js">',
    );
    expect(preloadLinks(preloads, '/about', signedIn)).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/en-1.js">',
    );
  });

  it('never turn something other than an asset path into markup', () => {
    expect(preloadLinks(preloads, '/@alice', visitor)).not.toContain('<script');
    expect(preloadLinks(null, '/home', signedIn)).toBe('');
  });

  it("start the first screen's API request where the page will make it", () => {
    const homeRequest = '<link rel="preload" as="fetch" crossorigin href="/api/v1/timelines/home">';
    expect(preloadLinks(preloads, '/home', signedIn)).toContain(homeRequest);
    expect(preloadLinks(preloads, '/deck/home', signedIn)).toContain(homeRequest);
    expect(preloadLinks(preloads, '/home', visitor)).not.toContain('as="fetch"');
    expect(preloadLinks(preloads, '/public/local', visitor)).toContain(
      'href="/api/v1/timelines/public?local=true&amp;only_media=false"',
    );
    expect(preloadLinks(preloads, '/public/local', signedIn)).toContain('as="fetch"');
    expect(preloadLinks(preloads, '/public/local', shutOut)).not.toContain('as="fetch"');
    expect(preloadLinks(preloads, '/@alice', visitor)).not.toContain('as="fetch"');
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

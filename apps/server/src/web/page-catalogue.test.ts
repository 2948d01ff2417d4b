import { describe, expect, it } from 'vitest';
import { catalogueScript } from './page-catalogue.js';
import type { RoutePreloads } from './preloads.js';

const preloads: RoutePreloads = {
  routes: [],
  catalogues: {
    en: { firstScreen: '/assets/en.json-1.js', rest: '/assets/en.json.rest-2.js' },
    de: { firstScreen: '/assets/de.json-3.js', rest: '/assets/de.json.rest-4.js' },
    ar: { firstScreen: '/assets/ar.json-5.js', rest: '"></script><script>alert(1)</script>' },
  },
};

describe("the page's catalogue files", () => {
  it("name the page's own locale's two parts", () => {
    expect(catalogueScript(preloads, 'de')).toBe(
      '<script id="catalogue" type="application/json">' +
        '{"firstScreen":"/assets/de.json-3.js","rest":"/assets/de.json.rest-4.js"}</script>',
    );
    expect(catalogueScript(preloads, 'en')).toContain('/assets/en.json-1.js');
  });

  it('name nothing without a build table, for a locale it lacks, or anything but built scripts', () => {
    expect(catalogueScript(null, 'de')).toBe('');
    expect(catalogueScript({ routes: [] }, 'de')).toBe('');
    expect(catalogueScript(preloads, 'ja')).toBe('');
    expect(catalogueScript(preloads, 'ar')).toBe('');
  });
});

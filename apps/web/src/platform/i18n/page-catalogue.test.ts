import { afterEach, describe, expect, it } from 'vitest';
import { pageCatalogueFiles, pageCatalogueParts } from './page-catalogue';

function nameCatalogue(text: string): void {
  const element = document.createElement('script');
  element.id = 'catalogue';
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById('catalogue')?.remove());

describe("the page's catalogue files", () => {
  it('are the two built scripts the server named', () => {
    nameCatalogue('{"firstScreen":"/assets/de.json-A1.js","rest":"/assets/de.json.rest-B2.js"}');
    expect(pageCatalogueFiles()).toEqual({
      firstScreen: '/assets/de.json-A1.js',
      rest: '/assets/de.json.rest-B2.js',
    });
    expect(pageCatalogueParts()).toHaveLength(2);
  });

  it('are none on a page the server did not make', () => {
    expect(pageCatalogueFiles()).toBeNull();
    expect(pageCatalogueParts()).toBeNull();
  });

  it('are none when the element names anything but built scripts', () => {
    for (const text of [
      'not json',
      '{"firstScreen":"/assets/de.json-A1.js"}',
      '{"firstScreen":"https://elsewhere.example/x.js","rest":"/assets/de.json.rest-B2.js"}',
      '{"firstScreen":"/assets/../x.js","rest":"/assets/de.json.rest-B2.js"}',
      '{"firstScreen":"/assets/shell.css","rest":"/assets/de.json.rest-B2.js"}',
    ]) {
      nameCatalogue(text);
      expect(pageCatalogueFiles()).toBeNull();
      document.getElementById('catalogue')?.remove();
    }
  });
});

import fs from 'node:fs';
import type english from '../../src/locales/en.json';

/** A locale's message catalogue, for specs that find the page's texts in another language than English. */
export function catalogue(locale: string): typeof english {
  const file = new URL(`../../src/locales/${locale}.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as typeof english;
}

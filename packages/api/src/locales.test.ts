import { describe, expect, it } from 'vitest';
import { acceptedLanguages, bestLocale, localeDirection, matchLocale } from './locales.js';

describe('the interface locales', () => {
  it('match a language tag to the closest locale, by region first, then by language', () => {
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('PT-br')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh_Hans_CN')).toBe('zh-CN');
    expect(matchLocale('sv')).toBeNull();
    expect(matchLocale('')).toBeNull();
  });

  it('take the first of the reader’s languages that the interface speaks, else English', () => {
    expect(bestLocale(['sv-SE', 'fa-IR', 'en'])).toBe('fa');
    expect(bestLocale(['sv-SE'])).toBe('en');
    expect(bestLocale([])).toBe('en');
  });

  it('read Accept-Language by weight, then by order, without the wildcard and refused languages', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.1, ja, ko;q=0, ar;q=0.5')).toEqual(['ja', 'ar', 'en']);
    expect(acceptedLanguages('de;q=abc, it')).toEqual(['it']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('write Arabic and Persian from right to left', () => {
    expect(localeDirection('ar')).toBe('rtl');
    expect(localeDirection('fa')).toBe('rtl');
    expect(localeDirection('ja')).toBe('ltr');
  });
});

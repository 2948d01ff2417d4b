import { describe, expect, it } from 'vitest';
import { matchLocale, negotiateLocale } from './locales.js';

describe('negotiateLocale (Accept-Language)', () => {
  it('takes the best supported range by quality, ties in the order sent', () => {
    expect(negotiateLocale('fr;q=0.5, de-AT, en;q=0.8')).toBe('de');
    expect(negotiateLocale('sv, nl;q=0.9, pl;q=0.9')).toBe('nl');
    expect(negotiateLocale('ja-JP,ja;q=0.9')).toBe('ja');
  });

  it('matches a region to the supported one of its language, exactly when it is supported', () => {
    expect(negotiateLocale('pt-PT')).toBe('pt-BR');
    expect(negotiateLocale('pt-br')).toBe('pt-BR');
    expect(negotiateLocale('zh-TW, en;q=0.1')).toBe('zh-CN');
    expect(matchLocale('FA-ir')).toBe('fa');
  });

  it('falls back to English: nothing sent, nothing supported, a wildcard or a refusal (q=0)', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('sv, fi')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('de;q=0, ar;q=0.1')).toBe('ar');
    expect(negotiateLocale('de;q=0')).toBe('en');
    expect(negotiateLocale('de;q=abc')).toBe('en');
  });
});

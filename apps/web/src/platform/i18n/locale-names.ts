import type { Locale } from '@palchat/api';

/**
 * Each language named in itself, as the preferences' picker shows it. A module of its own, so that only the
 * preferences' chunk carries it.
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ja: '日本語',
  'zh-CN': '简体中文',
  ko: '한국어',
  ar: 'العربية',
  fa: 'فارسی',
};

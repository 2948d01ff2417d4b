/** ISO 639-1 codes the language picker offers (the post's own language joins them when it is another one). */
export const COMMON_LANGUAGES: readonly string[] = (
  'ar bn ca cs cy da de el en eo es et eu fa fi fr ga gl he hi hr hu id is it ja ' +
  'ko lt lv ms nl no pl pt ro ru sk sl sr sv sw ta th tl tr uk ur vi zh'
).split(' ');

/** A language's name in that language ("de" → "Deutsch"), as Mastodon's picker shows them. */
export function nativeLanguageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/** The browser's language as a two-letter code ("pt-BR" → "pt"), English when it has none. */
export function browserLanguage(): string {
  const code = (typeof navigator === 'undefined' ? '' : navigator.language).split('-')[0]?.toLowerCase();
  return code && /^[a-z]{2,3}$/.test(code) ? code : 'en';
}

/** The picker's choices, by native name; `current` is offered even when it is not a common one. */
export function languageChoices(current: string): { code: string; name: string }[] {
  const codes = [...COMMON_LANGUAGES];
  if (!codes.includes(current)) codes.push(current);
  return codes
    .map((code) => ({ code, name: nativeLanguageName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

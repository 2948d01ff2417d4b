/** ISO 639-1 codes offered as the default post language (the most used ones on the fediverse). */
const CODES = (
  'ar bg bn ca cs cy da de el en eo es et eu fa fi fr ga gl he hi hr hu id is it ja ko lt lv ms nl no pl pt ro ' +
  'ru sk sl sr sv th tl tr uk ur vi zh'
).split(' ');

/** The languages with their names in the reader's language, sorted by name. */
export function languageChoices(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

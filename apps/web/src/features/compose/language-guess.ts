/** Fewer letters than this and a guess is noise ("ok", a name, an emoji and a link). */
export const GUESS_MIN_LETTERS = 24;

/** How sure the detector must be before the composer offers its guess. */
const MIN_ACCURACY = 0.5;

/** Letters Persian writes and Arabic does not (پ چ ژ گ): the light model knows Arabic only. */
const PERSIAN_LETTERS = /[\u067E\u0686\u0698\u06AF]/;

/** The words of a post that say its language: links, mentions, hashtags and :shortcodes: left out. */
export function proseOf(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s)[@#][\p{L}\p{N}_.@-]+/gu, ' ')
    .replace(/:[a-z0-9_]+:/gi, ' ');
}

export const letterCount = (text: string): number => text.match(/\p{L}/gu)?.length ?? 0;

/** The detector's answer, adjusted where the light model cannot tell languages apart. */
export function refineGuess(code: string, prose: string): string {
  return code === 'ar' && PERSIAN_LETTERS.test(prose) ? 'fa' : code;
}

type Detector = (text: string) => { lang: string; accuracy: number }[];

let detector: Promise<Detector> | null = null;

/** tinyld's light model (24 languages, ~34 KB gzip), loaded the first time a post is long enough to guess. */
const loadDetector = (): Promise<Detector> =>
  (detector ??= import('tinyld/light').then((module) => module.detectAll));

/**
 * The ISO 639-1 language the post seems written in, or null when it is too short to tell or the detector is
 * unsure.
 */
export async function guessLanguage(
  text: string,
  detect: () => Promise<Detector> = loadDetector,
): Promise<string | null> {
  const prose = proseOf(text);
  if (letterCount(prose) < GUESS_MIN_LETTERS) return null;
  const [best] = (await detect())(prose);
  if (!best || best.accuracy < MIN_ACCURACY || !/^[a-z]{2}$/.test(best.lang)) return null;
  return refineGuess(best.lang, prose);
}

import { useEffect, useState } from 'react';
import { useT } from '../../platform/i18n/use-t';
import { updateComposeExtras } from './compose-extras';
import { guessLanguage } from './language-guess';
import { nativeLanguageName } from './languages';

/** How long the text rests before it is guessed again (no detection per keystroke). */
const GUESS_DELAY_MS = 700;

/** The language the text seems written in, guessed while `enabled`; null until there is a confident guess. */
function useLanguageGuess(text: string, enabled: boolean): string | null {
  const [guess, setGuess] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const timer = setTimeout(() => {
      void guessLanguage(text).then((code) => {
        if (current) setGuess(code);
      });
    }, GUESS_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, enabled]);
  return enabled ? guess : null;
}

/**
 * Offers the language the post seems written in when it is not the post's language ("Looks like Deutsch — use
 * it?"). Silent once the author has picked a language themselves, and for a guess they waved away.
 */
export function LanguageSuggestion({
  text,
  current,
  chosen,
}: {
  text: string;
  current: string;
  chosen: boolean;
}) {
  const t = useT();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const guess = useLanguageGuess(text, !chosen);
  if (!guess || guess === current || guess === dismissed) return null;
  const language = nativeLanguageName(guess);
  return (
    <p className="compose-form__language-guess" role="status" data-testid="compose-language-guess">
      <span>{t('compose.language_guess', { language })}</span>
      <button type="button" className="link-button" onClick={() => updateComposeExtras({ language: guess })}>
        {t('compose.language_guess_accept', { language })}
      </button>
      <button type="button" className="link-button" onClick={() => setDismissed(guess)}>
        {t('compose.language_guess_dismiss')}
      </button>
    </p>
  );
}

import { describe, expect, it } from 'vitest';
import { guessLanguage, letterCount, proseOf, refineGuess } from './language-guess';

describe('guessLanguage', () => {
  it('names the language of a long enough post', async () => {
    expect(
      await guessLanguage('Heute gehe ich mit meinen Freunden in den Park, weil die Sonne scheint.'),
    ).toBe('de');
    expect(await guessLanguage('Je suis très content de vous voir tous ici aujourd’hui, mes amis.')).toBe(
      'fr',
    );
    expect(await guessLanguage('今日はとてもいい天気なので、友だちと公園に行きます。楽しみです。')).toBe(
      'ja',
    );
    expect(await guessLanguage('Today I am going to the park with my friends because the sun is out.')).toBe(
      'en',
    );
  });

  it('tells Persian from Arabic by the letters only Persian writes', async () => {
    expect(await guessLanguage('مرحبا بكم جميعا، نحن سعداء جدا برؤيتكم في هذا اليوم الجميل')).toBe('ar');
    expect(await guessLanguage('سلام به همه، امروز هوا خیلی خوب است و من با دوستانم به پارک می‌روم')).toBe(
      'fa',
    );
    expect(refineGuess('ar', 'چطوری')).toBe('fa');
    expect(refineGuess('de', 'چطوری')).toBe('de');
  });

  it('guesses nothing from a short post, nor from links, mentions and hashtags alone', async () => {
    expect(await guessLanguage('Guten Tag!')).toBeNull();
    const noise = '@someone@example.social https://example.com/ein/langer/pfad #Wochenende :blobcat:';
    expect(await guessLanguage(noise)).toBeNull();
    expect(letterCount(proseOf(noise))).toBe(0);
  });

  it('guesses nothing when the detector is unsure, and does not load it for a short text', async () => {
    const unsure = async () => () => [{ lang: 'it', accuracy: 0.2 }];
    expect(await guessLanguage('a b c d e f g h i j k l m n o p q r s t u v w x y z', unsure)).toBeNull();
    let loaded = false;
    const watched = async () => {
      loaded = true;
      return () => [{ lang: 'en', accuracy: 1 }];
    };
    expect(await guessLanguage('short', watched)).toBeNull();
    expect(loaded).toBe(false);
  });
});

import type { Config } from '../config.js';
import { ApiError } from '../http/errors.js';

export const PROVIDER_NAME = 'LibreTranslate';

export const translationUnavailable = () => new ApiError(503, 'translation.unavailable');

type TranslationConfig = Config['translation'];

export interface TranslatedTexts {
  texts: string[];
  /** what the service detected, when it was asked to detect the source language */
  detectedLanguage: string | null;
}

/** A call to the service; anything but a well-formed answer in time is "unavailable". */
async function call(config: TranslationConfig, path: string, init: RequestInit): Promise<unknown> {
  if (!config.url) throw translationUnavailable();
  try {
    const response = await fetch(`${config.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch {
    throw translationUnavailable();
  }
}

function detectedOf(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (first && typeof first === 'object' && 'language' in first && typeof first.language === 'string') {
    return first.language;
  }
  return null;
}

/**
 * POST /translate with several HTML texts at once (LibreTranslate accepts an array as `q`). Empty texts are not
 * sent and come back empty; the answer has one text per text given.
 */
export async function translateHtml(
  config: TranslationConfig,
  texts: string[],
  target: string,
): Promise<TranslatedTexts> {
  const sent = texts.filter(Boolean);
  if (sent.length === 0) return { texts, detectedLanguage: null };
  const answer = await call(config, '/translate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      q: sent,
      source: 'auto',
      target,
      format: 'html',
      ...(config.apiKey ? { api_key: config.apiKey } : {}),
    }),
  });
  const record = (answer ?? {}) as { translatedText?: unknown; detectedLanguage?: unknown };
  const translated = record.translatedText;
  if (
    !Array.isArray(translated) ||
    translated.length !== sent.length ||
    !translated.every((text) => typeof text === 'string')
  ) {
    throw translationUnavailable();
  }
  const queue = [...translated];
  return {
    texts: texts.map((text) => (text ? (queue.shift() ?? '') : '')),
    detectedLanguage: detectedOf(record.detectedLanguage),
  };
}

/** GET /languages: every source language with the languages it translates into. */
export async function fetchLanguages(config: TranslationConfig): Promise<Record<string, string[]>> {
  const answer = await call(config, '/languages', { headers: { accept: 'application/json' } });
  if (!Array.isArray(answer)) throw translationUnavailable();
  const languages: Record<string, string[]> = {};
  for (const entry of answer as { code?: unknown; targets?: unknown }[]) {
    if (typeof entry.code !== 'string') continue;
    const targets = Array.isArray(entry.targets) ? entry.targets : [];
    languages[entry.code] = targets.filter(
      (code): code is string => typeof code === 'string' && code !== entry.code,
    );
  }
  return languages;
}

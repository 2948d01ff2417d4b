import type { Status, Translation } from '@palchat/api';
import { useMemo, useSyncExternalStore } from 'react';
import { api } from '../../api/client';
import { createStore } from '../../platform/stores/create-store';

export type TranslationState =
  { phase: 'loading' } | { phase: 'failed' } | { phase: 'shown' | 'hidden'; translation: Translation };

/** Mastodon offers translation for public and unlisted posts in a language other than the viewer's. */
export function canTranslate(
  status: Pick<Status, 'visibility' | 'language' | 'content'>,
  context: { enabled: boolean; signedIn: boolean; uiLocale: string },
): boolean {
  if (!context.enabled || !context.signedIn || !status.language || !status.content) return false;
  if (status.visibility !== 'public' && status.visibility !== 'unlisted') return false;
  const base = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  return base(status.language) !== base(context.uiLocale);
}

/** The status as translated: content, content warning, media descriptions and poll options. */
export function applyTranslation(status: Status, translation: Translation): Status {
  const descriptions = new Map(translation.media_attachments.map((media) => [media.id, media.description]));
  const poll = status.poll;
  const translatedOptions = translation.poll?.options;
  return {
    ...status,
    content: translation.content,
    spoiler_text: status.spoiler_text ? translation.spoiler_text || status.spoiler_text : '',
    language: translation.language,
    media_attachments: status.media_attachments.map((media) =>
      descriptions.has(media.id) ? { ...media, description: descriptions.get(media.id) ?? null } : media,
    ),
    poll:
      poll && Array.isArray(poll.options) && translatedOptions
        ? {
            ...poll,
            options: (poll.options as Record<string, unknown>[]).map((option, index) => ({
              ...option,
              title: translatedOptions[index]?.title ?? option.title,
            })),
          }
        : poll,
  };
}

// keyed by id and edit time: an edit makes the old translation stale
const keyOf = (status: Pick<Status, 'id' | 'edited_at'>) => `${status.id}:${status.edited_at ?? ''}`;
const translations = createStore<ReadonlyMap<string, TranslationState>>(new Map());

function setState(key: string, state: TranslationState): void {
  const next = new Map(translations.get());
  next.set(key, state);
  translations.set(next);
}

export function useTranslationState(status: Pick<Status, 'id' | 'edited_at'>): TranslationState | undefined {
  const key = keyOf(status);
  return useSyncExternalStore(translations.subscribe, () => translations.get().get(key));
}

/** Translate (into `lang`, the UI language) / show original: fetches once, then switches versions. */
export async function toggleTranslation(status: Status, lang: string): Promise<void> {
  const key = keyOf(status);
  const current = translations.get().get(key);
  if (current?.phase === 'loading') return;
  if (current?.phase === 'shown' || current?.phase === 'hidden') {
    setState(key, { ...current, phase: current.phase === 'shown' ? 'hidden' : 'shown' });
    return;
  }
  setState(key, { phase: 'loading' });
  try {
    const translation = await api.post<Translation>(`/api/v1/statuses/${status.id}/translate`, { lang });
    setState(key, { phase: 'shown', translation });
  } catch {
    setState(key, { phase: 'failed' });
  }
}

/** The status as the card should show it: translated while the translation is on. */
export function useTranslatedStatus(status: Status): Status {
  const state = useTranslationState(status);
  return useMemo(
    () => (state?.phase === 'shown' ? applyTranslation(status, state.translation) : status),
    [state, status],
  );
}

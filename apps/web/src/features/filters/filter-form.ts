import type { Filter, FilterContext, FilterInput } from '@palchat/api';
import type { MessageId } from '../../platform/i18n/messages';

export type FilterAction = Filter['filter_action'];

/** The contexts in Mastodon's order, with their settings labels. */
export const CONTEXT_CHOICES: readonly [FilterContext, MessageId][] = [
  ['home', 'filters.context.home'],
  ['notifications', 'filters.context.notifications'],
  ['public', 'filters.context.public'],
  ['thread', 'filters.context.thread'],
  ['account', 'filters.context.account'],
];

/** Mastodon's "Expire after" choices, in seconds; null never expires. */
export const EXPIRY_CHOICES: readonly [number | null, MessageId][] = [
  [null, 'filters.expires.never'],
  [1800, 'filters.expires.30m'],
  [3600, 'filters.expires.1h'],
  [21_600, 'filters.expires.6h'],
  [43_200, 'filters.expires.12h'],
  [86_400, 'filters.expires.1d'],
  [604_800, 'filters.expires.1w'],
];

export interface KeywordRow {
  /** React key of the row */
  key: string;
  /** the saved keyword's id; absent for rows added in this form */
  id?: string;
  keyword: string;
  whole_word: boolean;
}

export interface FilterFormValues {
  title: string;
  keywords: KeywordRow[];
  context: FilterContext[];
  filter_action: FilterAction;
  /** seconds from saving; 'keep' leaves a saved expiry as it is */
  expires_in: number | null | 'keep';
}

export type FilterFormErrors = Partial<Record<'title' | 'keywords' | 'context', MessageId>>;

let rowCounter = 0;

export function keywordRow(keyword = '', wholeWord = true, id?: string): KeywordRow {
  rowCounter += 1;
  return { key: `keyword-${rowCounter}`, id, keyword, whole_word: wholeWord };
}

const EVERYWHERE_BUT_PROFILES: FilterContext[] = ['home', 'notifications', 'public', 'thread'];

export function newFilterForm(): FilterFormValues {
  return {
    title: '',
    keywords: [keywordRow()],
    context: EVERYWHERE_BUT_PROFILES,
    filter_action: 'warn',
    expires_in: null,
  };
}

/**
 * "Mute #tag" from the hashtag popup: the tag as a whole word, hidden everywhere one meets other people's
 * posts (profiles stay intact, as when muting through Mastodon's filter settings), until removed.
 */
export function hashtagMuteForm(tag: string): FilterFormValues {
  const hashtag = `#${tag.replace(/^#/, '')}`;
  return {
    title: hashtag,
    keywords: [keywordRow(hashtag, true)],
    context: EVERYWHERE_BUT_PROFILES,
    filter_action: 'hide',
    expires_in: null,
  };
}

export function filterFormFrom(filter: Filter): FilterFormValues {
  return {
    title: filter.title,
    keywords: filter.keywords.map((k) => keywordRow(k.keyword, k.whole_word, k.id)),
    context: filter.context,
    filter_action: filter.filter_action,
    expires_in: filter.expires_at ? 'keep' : null,
  };
}

const filledKeywords = (form: FilterFormValues) => form.keywords.filter((row) => row.keyword.trim() !== '');

/** What the server would refuse, caught before sending (nothing is saved unless all is valid). */
export function validateFilterForm(form: FilterFormValues): FilterFormErrors {
  const errors: FilterFormErrors = {};
  if (form.title.trim() === '') errors.title = 'filters.error.title';
  if (filledKeywords(form).length === 0) errors.keywords = 'filters.error.keywords';
  if (form.context.length === 0) errors.context = 'filters.error.context';
  return errors;
}

type KeywordAttribute = NonNullable<FilterInput['keywords_attributes']>[number];

/**
 * The body of POST /api/v2/filters, or of PUT /api/v2/filters/:id for `saved`: kept keywords carry their id,
 * removed (or emptied) ones are destroyed, new ones are created — one request, saved as a whole or not at all.
 */
export function filterRequestBody(form: FilterFormValues, saved?: Filter): Partial<FilterInput> {
  const kept = filledKeywords(form);
  const keptIds = new Set(kept.flatMap((row) => (row.id ? [row.id] : [])));
  const keywords: KeywordAttribute[] = kept.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    keyword: row.keyword.trim(),
    whole_word: row.whole_word,
  }));
  const removed: KeywordAttribute[] = (saved?.keywords ?? [])
    .filter((keyword) => !keptIds.has(keyword.id))
    .map((keyword) => ({ id: keyword.id, _destroy: true }));
  return {
    title: form.title.trim(),
    context: CONTEXT_CHOICES.map(([context]) => context).filter((context) => form.context.includes(context)),
    filter_action: form.filter_action,
    ...(form.expires_in === 'keep' ? {} : { expires_in: form.expires_in }),
    keywords_attributes: [...keywords, ...removed],
  };
}

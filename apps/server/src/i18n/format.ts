import { CATALOGUES } from './catalogues.js';
import type { MessageId } from './messages/en.js';
import type { ServerLocale } from './locales.js';

export type MessageValues = Readonly<Record<string, string | number>>;

/** A text for a person: its catalogue id and the values of its `{name}` placeholders. */
export interface Message {
  id: MessageId;
  values?: MessageValues;
}

/**
 * A text said the same in every locale: refusals meant for client software rather than a person (the MLS
 * protocol's, OAuth's error codes), as Mastodon leaves its protocol errors in English; and the sign-up form's
 * per-field texts, which are not in the catalogue yet.
 */
export interface VerbatimText {
  verbatim: string;
}

/** An id alone when the text has no placeholder. */
export type MessageLike = MessageId | Message | VerbatimText;

export const message = (id: MessageId, values?: MessageValues): Message => ({ id, values });

export const verbatimText = (text: string): VerbatimText => ({ verbatim: text });

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{name}` placeholders of a catalogue text, sorted (the catalogue check compares them across locales). */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();

/** The text in `locale`, its numbers written as that locale writes them (grouped from five digits on). */
export function formatMessage(locale: ServerLocale, text: MessageLike): string {
  if (typeof text === 'object' && 'verbatim' in text) return text.verbatim;
  const { id, values = {} } = typeof text === 'string' ? { id: text } : text;
  const numbers = new Intl.NumberFormat(locale, { useGrouping: 'min2' });
  return CATALOGUES[locale][id].replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

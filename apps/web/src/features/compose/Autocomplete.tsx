import type { Account, Tag } from '@palchat/api';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import { EmojiText, emojiText, matchShortcodes, type EmojiEntry } from '../emoji';
// straight from the module, not the index: through the index it joined the chunks every profile loads
import { useEmojiEntries } from '../emoji/use-emoji';

export type Suggestion =
  | { kind: 'account'; value: string; account: Account }
  | { kind: 'hashtag'; value: string; tag: Tag }
  | { kind: 'emoji'; value: string; entry: EmojiEntry };

/** Emoji for ":…" (`query` without the colon): the data loads the first time one is typed. */
export function useEmojiSuggestions(query: string | null): Suggestion[] {
  const entries = useEmojiEntries(query !== null);
  return useMemo(
    () =>
      query && entries
        ? matchShortcodes(entries, query).map((entry) => ({ kind: 'emoji', value: emojiText(entry), entry }))
        : [],
    [entries, query],
  );
}

function EmojiSuggestion({ entry }: { entry: EmojiEntry }) {
  return entry.kind === 'unicode' ? (
    <>
      <span className="autocomplete__emoji">
        <EmojiText text={entry.unicode} />
      </span>
      <span>:{entry.shortcodes[0] ?? entry.label}:</span>
    </>
  ) : (
    <>
      <img className="autocomplete__emoji emoji" src={entry.staticUrl} alt="" />
      <span>:{entry.shortcode}:</span>
    </>
  );
}

/** A whole `@user@domain.tld` handle: worth asking its server for when nobody here knows it yet. */
const FULL_HANDLE = /^@[\w.-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}$/i;

/**
 * Accounts for "@…", hashtags for "#…" (GET /api/v2/search, debounced 300 ms). A whole remote handle is
 * resolved on its server (resolve=true), so that people not known here yet can be picked too.
 */
export function useSuggestions(token: string | null): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (!token) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const type = token.startsWith('@') ? 'accounts' : 'hashtags';
    const timer = window.setTimeout(() => {
      api
        .get<{ accounts: Account[]; hashtags: Tag[] }>('/api/v2/search', {
          query: { q: token.slice(1), type, limit: 5, resolve: FULL_HANDLE.test(token) },
          signal: controller.signal,
        })
        .then((results) =>
          setSuggestions(
            type === 'accounts'
              ? results.accounts.map((account) => ({ kind: 'account', value: `@${account.acct}`, account }))
              : results.hashtags.map((tag) => ({ kind: 'hashtag', value: `#${tag.name}`, tag })),
          ),
        )
        .catch(() => setSuggestions([]));
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [token]);
  return suggestions;
}

export function SuggestionList({
  id,
  suggestions,
  active,
  onPick,
}: {
  id: string;
  suggestions: Suggestion[];
  active: number;
  onPick: (suggestion: Suggestion) => void;
}) {
  return (
    <ul className="autocomplete" role="listbox" id={id}>
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.value}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={
            index === active ? 'autocomplete__item autocomplete__item--active' : 'autocomplete__item'
          }
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(suggestion);
          }}
        >
          {suggestion.kind === 'account' ? (
            <>
              <Avatar src={suggestion.account.avatar} size={24} />
              <span>
                <bdi>
                  <strong>{suggestion.account.display_name || suggestion.account.username}</strong>
                </bdi>{' '}
                <span className="muted">{suggestion.value}</span>
              </span>
            </>
          ) : suggestion.kind === 'emoji' ? (
            <EmojiSuggestion entry={suggestion.entry} />
          ) : (
            <span>{suggestion.value}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

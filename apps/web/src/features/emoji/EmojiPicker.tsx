import './emoji-picker.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { EMOJI_GROUPS, type EmojiGroup } from './emoji-data';
import { EmojiText } from './EmojiText';
import { RECENT_EMOJI_ROWS, rememberEmoji, useRecentEmoji } from './recent-emoji';
import { useGridColumns } from './use-grid-columns';
import { emojiKey, searchEmoji, type EmojiEntry } from './shortcodes';
import { useEmojiEntries } from './use-emoji';

const GROUP_NAME: Record<EmojiGroup, MessageId> = {
  0: 'emoji.group_smileys',
  1: 'emoji.group_people',
  3: 'emoji.group_nature',
  4: 'emoji.group_food',
  5: 'emoji.group_travel',
  6: 'emoji.group_activities',
  7: 'emoji.group_objects',
  8: 'emoji.group_symbols',
  9: 'emoji.group_flags',
};
/** Each category's tab shows one of its emoji. */
const GROUP_FACE: Record<EmojiGroup, string> = {
  0: '😀',
  1: '👋',
  3: '🐻',
  4: '🍔',
  5: '🚗',
  6: '⚽',
  7: '💡',
  8: '💕',
  9: '🏁',
};
const MAX_RESULTS = 160;

type Category = EmojiGroup | 'custom';

function EmojiButton({ entry, onPick }: { entry: EmojiEntry; onPick: (entry: EmojiEntry) => void }) {
  const name = entry.kind === 'unicode' ? entry.label : entry.shortcode;
  const shortcode = entry.kind === 'unicode' ? entry.shortcodes[0] : entry.shortcode;
  return (
    <button
      type="button"
      className="emoji-picker__emoji"
      aria-label={name}
      title={shortcode ? `:${shortcode}:` : name}
      onClick={() => onPick(entry)}
    >
      {entry.kind === 'unicode' ? (
        <EmojiText text={entry.unicode} />
      ) : (
        <img className="emoji" src={entry.staticUrl} alt="" />
      )}
    </button>
  );
}

/**
 * The composer's emoji picker, as Mastodon's: a search over names and shortcodes, the emoji used most recently
 * in this browser (Mastodon's "Frequently used"), the server's custom emoji, and every Unicode emoji by category. Its data loads when it opens. The composer closes it (usePopoverDismiss:
 * a press outside, Escape).
 */
export default function EmojiPicker({ onPick }: { onPick: (entry: EmojiEntry) => void }) {
  const t = useT();
  const entries = useEmojiEntries(true);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // focus moves into the picker when it opens (the autofocus attribute only works as a page loads)
  useEffect(() => search.current?.focus(), []);
  const recentKeys = useRecentEmoji();
  const recentId = useId();
  const recentRow = useRef<HTMLDivElement>(null);
  const columns = useGridColumns(recentRow, 6);
  const hasCustom = entries?.some((entry) => entry.kind === 'custom') ?? false;
  const [chosen, setChosen] = useState<Category | null>(null);
  const category: Category = chosen ?? (hasCustom ? 'custom' : 0);

  const shown = useMemo(() => {
    if (!entries) return [];
    if (query.trim()) return searchEmoji(entries, query).slice(0, MAX_RESULTS);
    return entries.filter((entry) =>
      category === 'custom' ? entry.kind === 'custom' : entry.kind === 'unicode' && entry.group === category,
    );
  }, [entries, query, category]);
  // a custom emoji the server no longer has drops out of the row
  const recent = useMemo(() => {
    const byKey = new Map((entries ?? []).map((entry) => [emojiKey(entry), entry]));
    return recentKeys.flatMap((key) => byKey.get(key) ?? []).slice(0, RECENT_EMOJI_ROWS * columns);
  }, [entries, recentKeys, columns]);

  function pick(entry: EmojiEntry) {
    rememberEmoji(emojiKey(entry));
    onPick(entry);
  }

  const categories: Category[] = [...(hasCustom ? (['custom'] as const) : []), ...EMOJI_GROUPS];
  const categoryName = (c: Category) => t(c === 'custom' ? 'emoji.group_custom' : GROUP_NAME[c]);

  return (
    <div className="emoji-picker" role="dialog" aria-label={t('emoji.picker')}>
      <input
        dir="auto"
        className="emoji-picker__search field__input"
        type="search"
        aria-label={t('emoji.search')}
        placeholder={t('emoji.search')}
        value={query}
        ref={search}
        onChange={(event) => setQuery(event.target.value)}
      />
      {!query.trim() && recent.length > 0 && (
        <div className="emoji-picker__recent" role="group" aria-labelledby={recentId}>
          <span id={recentId} className="emoji-picker__recent-title">
            {t('emoji.recent')}
          </span>
          <div className="emoji-picker__recent-row" ref={recentRow}>
            {recent.map((entry) => (
              <EmojiButton key={emojiKey(entry)} entry={entry} onPick={pick} />
            ))}
          </div>
        </div>
      )}
      {!query.trim() && (
        <div className="emoji-picker__tabs" role="tablist" aria-label={t('emoji.categories')}>
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={c === category}
              aria-label={categoryName(c)}
              title={categoryName(c)}
              className="emoji-picker__tab"
              onClick={() => setChosen(c)}
            >
              {c === 'custom' ? '★' : <EmojiText text={GROUP_FACE[c]} />}
            </button>
          ))}
        </div>
      )}
      <div
        className="emoji-picker__grid"
        role={query.trim() ? 'group' : 'tabpanel'}
        aria-label={query.trim() ? t('emoji.results') : categoryName(category)}
        aria-busy={!entries}
      >
        {!entries && <p className="emoji-picker__note">{t('emoji.loading')}</p>}
        {entries && shown.length === 0 && <p className="emoji-picker__note">{t('emoji.no_results')}</p>}
        {shown.map((entry) => (
          <EmojiButton key={emojiKey(entry)} entry={entry} onPick={pick} />
        ))}
      </div>
    </div>
  );
}

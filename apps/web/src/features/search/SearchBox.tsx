import './search.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Icon } from '../../components/Icon';
import { clearRecentSearches, rememberSearch, useRecentSearches } from './recent-searches';

/** The search field; submits on Enter (results are keyed by the URL's ?q=); offers recent searches. */
export function SearchBox({
  value,
  onSearch,
  autoFocus,
}: {
  value: string;
  onSearch: (q: string) => void;
  autoFocus?: boolean;
}) {
  const t = useT();
  const recentId = useId();
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const recent = useRecentSearches();
  useEffect(() => setText(value), [value]);
  function search(q: string) {
    setText(q);
    setOpen(false);
    rememberSearch(q);
    onSearch(q);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    search(text.trim());
  }
  const showRecent = open && text.trim() === '' && recent.length > 0;
  return (
    <div className="search-box-wrap">
      <form className="search-box" role="search" onSubmit={submit}>
        <Icon name="search" size={20} />
        <label className="visually-hidden" htmlFor="search-input">
          {t('search.placeholder')}
        </label>
        <input
          dir="auto"
          id="search-input"
          type="search"
          value={text}
          autoFocus={autoFocus}
          autoComplete="off"
          placeholder={t('search.placeholder')}
          aria-controls={showRecent ? recentId : undefined}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {showRecent && (
        // mousedown keeps the focus in the field, so the click lands before the list closes
        <div className="search-recent" id={recentId} onMouseDown={(event) => event.preventDefault()}>
          <div className="search-recent__header">
            <span>
              <Msg id="search.recent" />
            </span>
            <button type="button" className="search-recent__clear" onClick={clearRecentSearches}>
              <Msg id="search.recent_clear" />
            </button>
          </div>
          <ul>
            {recent.map((q) => (
              <li key={q}>
                <button type="button" className="search-recent__item" onClick={() => search(q)}>
                  <Icon name="search" size={16} />
                  <span>{q}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../app/i18n/use-t';
import { Icon } from '../../components/Icon';

/** The search field; submits on Enter (results are keyed by the URL's ?q=). */
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
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <Icon name="search" size={20} />
      <label className="visually-hidden" htmlFor="search-input">
        {t('search.placeholder')}
      </label>
      <input
        id="search-input"
        type="search"
        value={text}
        autoFocus={autoFocus}
        placeholder={t('search.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

import { useState } from 'react';
import type { SearchResult } from '../model';
import { useDebounced } from '../../../platform/use-debounced';
import { SEARCH_DEBOUNCE_MS } from '../rules/constants';
import { isSearchable } from '../rules/validation';
import { Modal } from '../../../components/Modal';
import { SearchResults } from './SearchResults';
import { useT } from '../../../platform/i18n/use-t';

/** The message search modal for one conversation. */
export function ConversationSearchModal({
  conversationId,
  onOpen,
  onClose,
}: {
  conversationId: string;
  onOpen: (result: SearchResult) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  return (
    <Modal title={t('messages.chat.search')} onClose={onClose} className="mbox-dialog">
      <input
        dir="auto"
        type="search"
        className="mbox-input"
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('messages.search_all')}
        aria-label={t('messages.search_all')}
      />
      <div className="mbox-modal__results">
        {isSearchable(debounced) ? (
          <SearchResults query={debounced} conversationId={conversationId} onOpen={onOpen} />
        ) : null}
      </div>
    </Modal>
  );
}

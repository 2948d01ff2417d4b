import { useState } from 'react';
import { useIntl } from 'react-intl';
import { m } from '../messages';
import type { SearchResult } from '../model';
import { useDebounced } from '../hooks/use-debounced';
import { SEARCH_DEBOUNCE_MS } from '../rules/constants';
import { isSearchable } from '../rules/validation';
import { Modal } from './Modal';
import { SearchResults } from './SearchResults';

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
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  return (
    <Modal title={intl.formatMessage(m.searchConversation)} onClose={onClose}>
      <input
        type="search"
        className="mbox-input"
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={intl.formatMessage(m.searchAll)}
        aria-label={intl.formatMessage(m.searchAll)}
      />
      <div className="mbox-modal__results">
        {isSearchable(debounced) ? (
          <SearchResults query={debounced} conversationId={conversationId} onOpen={onOpen} />
        ) : null}
      </div>
    </Modal>
  );
}

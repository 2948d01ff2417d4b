import { useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { useConversations } from '../data/queries';
import { useDebounced } from '../../../platform/use-debounced';
import { SEARCH_DEBOUNCE_MS } from '../rules/constants';
import { isSearchable } from '../rules/validation';
import { useDock } from '../state/dock-context';
import { ConversationRow } from './ConversationRow';
import { Icon } from '../../../components/Icon';
import { Button, IconButton } from '../../../components/Button';
import { SearchResults } from './SearchResults';
import { SettingsModal } from './SettingsModal';
import { useT } from '../../../platform/i18n/use-t';

/** The list screen: search box, then the conversations (virtualized) or the search results. */
export function ConversationList() {
  const t = useT();
  const dock = useDock();
  const conversations = useConversations();
  const [query, setQuery] = useState('');
  const [showPreferences, setShowPreferences] = useState(false);
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const searching = isSearchable(debounced) && isSearchable(query);
  const { list, hasNextPage, isFetchingNextPage, fetchNextPage } = conversations;

  let content;
  if (searching) {
    content = (
      <SearchResults
        query={debounced}
        conversationId={null}
        onOpen={(result) => dock.openChat(result.conversation_id, result.id)}
      />
    );
  } else if (conversations.isPending) {
    content = (
      <p className="mbox-state" role="status">
        {t('messages.loading')}
      </p>
    );
  } else if (conversations.isError) {
    content = (
      <div className="mbox-state mbox-state--error" role="alert">
        <p>{t('messages.load_failed')}</p>
        <Button variant="ghost" onClick={() => void conversations.refetch()}>
          {t('messages.retry')}
        </Button>
      </div>
    );
  } else if (list.length === 0) {
    content = (
      <div className="mbox-state mbox-empty" data-testid="conversations-empty">
        <Icon name="chatBubble" size={40} />
        <p className="mbox-empty__title">{t('messages.empty')}</p>
        <p>{t('messages.empty_hint')}</p>
        <Button onClick={dock.showPicker}>{t('messages.compose')}</Button>
      </div>
    );
  } else {
    content = (
      <Virtuoso
        className="mbox-scroll"
        data={list}
        computeItemKey={(_, conversation) => conversation.id}
        endReached={() => {
          if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
        }}
        itemContent={(_, conversation) => (
          <ConversationRow
            conversation={conversation}
            currentUserId={dock.currentUserId}
            onOpen={dock.openChat}
          />
        )}
      />
    );
  }

  return (
    <div className="mbox-screen" data-testid="conversation-list">
      <div className="mbox-search">
        <label className="mbox-search__field">
          <Icon name="search" size={16} />
          <input
            dir="auto"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('messages.search_all')}
            aria-label={t('messages.search_all')}
          />
          {query ? (
            <IconButton
              shape="round"
              icon="close"
              iconSize={16}
              className="mbox-search__clear"
              label={t('messages.clear_search')}
              onClick={() => setQuery('')}
            />
          ) : null}
        </label>
        <IconButton
          shape="round"
          icon="settings"
          iconSize={18}
          label={t('messages.preferences')}
          onClick={() => setShowPreferences(true)}
        />
      </div>
      <div className="mbox-screen__body">{content}</div>
      {showPreferences ? (
        <SettingsModal conversationId={null} onClose={() => setShowPreferences(false)} />
      ) : null}
    </div>
  );
}

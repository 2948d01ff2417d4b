import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Participant } from '../model';
import { loadedConversations, type ConversationListPages } from '../data/cache';
import { messageKeys } from '../query-keys';
import { useDock } from '../state/dock-context';
import { PeopleList } from './PeopleList';
import { ScreenHeader } from './ScreenHeader';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../platform/i18n/use-t';

/** Starts a one-to-one chat: an existing one opens, else a new one is created on the first send. */
export function UserPicker() {
  const t = useT();
  const dock = useDock();
  const client = useQueryClient();
  const [search, setSearch] = useState('');

  const pick = (person: Participant) => {
    // a chat not among the loaded pages is found by the server when the first message is sent
    const list = loadedConversations(client.getQueryData<ConversationListPages>(messageKeys.conversations()));
    const existing = list.find((c) => !c.is_group && c.partner?.id === person.id);
    if (existing) dock.openChat(existing.id);
    else dock.openNewChat(person);
  };

  return (
    <div className="mbox-screen" data-testid="user-picker">
      <ScreenHeader title={<h3>{t('messages.compose')}</h3>} onBack={dock.showList} />
      <div className="mbox-search">
        <label className="mbox-search__field">
          <Icon name="search" size={16} />
          <input
            dir="auto"
            type="search"
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('messages.search_people')}
            aria-label={t('messages.search_people')}
          />
        </label>
      </div>
      <div className="mbox-screen__body">
        <PeopleList search={search} exclude={[dock.currentUserId]} onPick={pick} />
      </div>
    </div>
  );
}

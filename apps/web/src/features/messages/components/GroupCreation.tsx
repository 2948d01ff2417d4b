import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { MessagingErrorCode } from '@palchat/api';
import { ApiError } from '../../../api/client';
import { messagingApi } from '../api';
import { upsertConversation } from '../data/cache';
import type { Participant } from '../model';
import { GROUP_MIN_PEOPLE } from '../rules/constants';
import { errorCode } from '../rules/errors';
import { validateGroupCreation, type GroupCreationError } from '../rules/validation';
import { useDock } from '../state/dock-context';
import { useBoxToast } from '../state/toasts';
import { Avatar } from '../../../components/Avatar';
import { AlertDialog } from './AlertDialog';
import { PeopleList } from './PeopleList';
import { ScreenHeader } from './ScreenHeader';
import { Icon } from '../../../components/Icon';
import { Button, IconButton } from '../../../components/Button';
import { useT } from '../../../platform/i18n/use-t';
import { rememberPlainReason, useEligibility } from '../e2ee/eligibility';
import { PlainReason } from '../e2ee/PlainReason';
import { useEncryption } from '../e2ee/provider';
import type { MessageId } from '../../../platform/i18n/messages';

const errorTexts: Record<GroupCreationError, MessageId> = {
  name: 'messages.group.name_required',
  members: 'messages.group.min_users',
  additional: 'messages.group.min_additional',
};

/** SPEC §2 "Group creation": a name and at least 2 people (3 in all), or 1 more from a direct chat. */
export function GroupCreation() {
  const t = useT();
  const dock = useDock();
  const client = useQueryClient();
  const notify = useBoxToast();
  const seed = dock.groupSeed;
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Participant[]>([]);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [mutualFollowError, setMutualFollowError] = useState(false);

  const selectedIds = new Set(selected.map((p) => p.id));
  const people = useMemo(() => [...(seed ? [seed] : []), ...selected], [seed, selected]);
  // the group is encrypted when every one of them can take part; else it is plain, and the form says why
  const eligibility = useEligibility(people);
  const { ensure } = useEncryption();
  const error = validateGroupCreation({
    name,
    selectedCount: selected.length,
    fromDirectChat: seed !== null,
  });

  const toggle = (person: Participant) => {
    setTouched(true);
    setSelected((list) =>
      list.some((p) => p.id === person.id) ? list.filter((p) => p.id !== person.id) : [...list, person],
    );
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error || submitting) return;
    setSubmitting(true);
    try {
      const ids = people.map((p) => p.id);
      const conversation = eligibility.encrypted
        ? await ensure().then(({ runtime, session }) => runtime.createChat(session, client, ids, name.trim()))
        : await messagingApi.createGroup(name.trim(), ids);
      if (!eligibility.encrypted && eligibility.because)
        rememberPlainReason(conversation.id, eligibility.because);
      upsertConversation(client, conversation);
      dock.openChat(conversation.id);
    } catch (failure) {
      if (failure instanceof ApiError && errorCode(failure.body) === MessagingErrorCode.mutualFollow) {
        setMutualFollowError(true);
      } else {
        const reason = failure instanceof Error ? failure.message : String(failure);
        notify('error', t('messages.group.create_failed', { error: reason }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="mbox-screen"
      data-testid="group-creation"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <ScreenHeader title={<h3>{t('messages.new_group')}</h3>} onBack={dock.showList} />
      <div className="mbox-group-form">
        <label className="mbox-field">
          <span className="mbox-visually-hidden">{t('messages.group.name')}</span>
          <input
            dir="auto"
            type="text"
            autoFocus
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            placeholder={t('messages.group.name')}
            aria-label={t('messages.group.name')}
          />
        </label>
        {selected.length > 0 || seed ? (
          <ul className="mbox-chips" aria-label={t('messages.group.selected', { count: selected.length })}>
            {seed ? (
              <li className="mbox-chip mbox-chip--fixed">
                <Avatar src={seed.avatar} name={seed.display_name || seed.username} size={20} />
                {seed.display_name || seed.username}
              </li>
            ) : null}
            {selected.map((person) => (
              <li key={person.id} className="mbox-chip">
                <Avatar src={person.avatar} name={person.display_name || person.username} size={20} />
                {person.display_name || person.username}
                <IconButton
                  shape="round"
                  size="small"
                  icon="close"
                  className="mbox-chip__remove"
                  label={t('messages.group.remove_selected', {
                    name: person.display_name || person.username,
                  })}
                  onClick={() => toggle(person)}
                />
              </li>
            ))}
          </ul>
        ) : null}
        <label className="mbox-search__field">
          <Icon name="search" size={16} />
          <input
            dir="auto"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('messages.group.add_people')}
            aria-label={t('messages.group.add_people')}
          />
        </label>
        <p className="mbox-hint">{t('messages.group.minimum', { count: GROUP_MIN_PEOPLE })}</p>
      </div>
      <div className="mbox-screen__body">
        <PeopleList
          search={search}
          exclude={[dock.currentUserId, ...(seed ? [seed.id] : [])]}
          selected={selectedIds}
          onPick={toggle}
        />
      </div>
      <div className="mbox-group-form__footer">
        <PlainReason because={eligibility.because} />
        {touched && error ? (
          <p className="mbox-field-error" role="alert" data-testid="group-error">
            {t(errorTexts[error])}
          </p>
        ) : null}
        <Button type="submit" block disabled={error !== null || submitting || !eligibility.known}>
          {t('messages.group.create')}
        </Button>
      </div>
      {mutualFollowError ? (
        <AlertDialog
          title={t('messages.group.mutual_follow_title')}
          text={t('messages.group.mutual_follow')}
          onClose={() => setMutualFollowError(false)}
        />
      ) : null}
    </form>
  );
}

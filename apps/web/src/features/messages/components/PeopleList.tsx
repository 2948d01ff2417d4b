import { Virtuoso } from 'react-virtuoso';
import type { Participant } from '../model';
import { useMessageableUsers } from '../data/queries';
import { useDebounced } from '../../../platform/use-debounced';
import { USER_SEARCH_DEBOUNCE_MS } from '../rules/constants';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../platform/i18n/use-t';

/** Filters people by username or display name, on the client as well as the server. */
export function matchesPerson(person: Participant, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return person.username.toLowerCase().includes(needle) || person.display_name.toLowerCase().includes(needle);
}

/** Messageable people for a search (debounced 300 ms), virtualized; 'No users found.' when none. */
export function PeopleList({
  search,
  exclude = [],
  selected,
  onPick,
}: {
  search: string;
  exclude?: readonly string[];
  /** ids shown as checked (multi-select); without it a pick is a single choice */
  selected?: ReadonlySet<string>;
  onPick: (person: Participant) => void;
}) {
  const t = useT();
  const debounced = useDebounced(search, USER_SEARCH_DEBOUNCE_MS);
  const users = useMessageableUsers(debounced);
  const people = (users.data ?? []).filter((p) => !exclude.includes(p.id) && matchesPerson(p, search));

  if (users.isPending) return <p className="mbox-state">{t('messages.loading')}</p>;
  if (people.length === 0)
    return (
      <p className="mbox-state" data-testid="no-users">
        {t('messages.no_users')}
      </p>
    );
  return (
    <Virtuoso
      className="mbox-scroll"
      data={people}
      computeItemKey={(_, person) => person.id}
      itemContent={(_, person) => {
        const checked = selected?.has(person.id) ?? false;
        return (
          <Button
            variant="bare"
            className={`mbox-person ${checked ? 'is-selected' : ''}`}
            data-testid="person"
            role={selected ? 'checkbox' : undefined}
            aria-checked={selected ? checked : undefined}
            onClick={() => onPick(person)}
          >
            <Avatar
              src={person.avatar}
              name={person.display_name || person.username}
              size={36}
              online={person.is_online}
            />
            <span className="mbox-person__text">
              <span className="mbox-person__name">{person.display_name || person.username}</span>
              <span className="mbox-person__acct">@{person.acct || person.username}</span>
            </span>
            {selected ? (
              <span className="mbox-check">{checked ? <Icon name="check" size={14} /> : null}</span>
            ) : null}
          </Button>
        );
      }}
    />
  );
}

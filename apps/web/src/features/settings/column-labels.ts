import type { Column, ColumnType } from '@palchat/api';
import { useLists } from '../../api/queries';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import type { IconName } from '../../components/icons';
import type { ColumnSpec } from './deck-columns';
import { columnParamId } from '../../platform/column-params';

/** Every column type of SPEC §2 "Layout", in the order the preferences offer them, with its icon and name. */
export const COLUMN_TYPES: Record<ColumnType, { icon: IconName; label: MessageId }> = {
  compose: { icon: 'edit', label: 'column.compose' },
  home: { icon: 'home', label: 'column.home' },
  notifications: { icon: 'notifications', label: 'column.notifications' },
  community: { icon: 'people', label: 'column.community' },
  remote: { icon: 'public', label: 'column.remote' },
  public: { icon: 'public', label: 'column.public' },
  hashtag: { icon: 'tag', label: 'preferences.columns_hashtag' },
  list: { icon: 'list', label: 'column.list' },
  direct: { icon: 'mention', label: 'column.direct' },
  favourites: { icon: 'star', label: 'column.favourites' },
  bookmarks: { icon: 'bookmark', label: 'column.bookmarks' },
  directory: { icon: 'people', label: 'column.directory' },
};

/** A column's name: the hashtag, the list's title, or the type's name. */
export function useColumnName(): (column: ColumnSpec | Column) => string {
  const t = useT();
  const lists = useLists();
  return (column) => {
    const id = columnParamId(column.params);
    if (column.id === 'hashtag') return `#${id}`;
    if (column.id === 'list') return lists.data?.find((list) => list.id === id)?.title ?? t('column.list');
    return t(COLUMN_TYPES[column.id].label);
  };
}

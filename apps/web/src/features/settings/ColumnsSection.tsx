import type { ColumnType } from '@palchat/api';
import { useState, type FormEvent } from 'react';
import { useLists } from '../../api/queries';
import { useStartAndEndSides } from '../../platform/use-start-and-end-sides';
import { useT } from '../../platform/i18n/use-t';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { COLUMN_TYPES, useColumnName } from './column-labels';
import { findColumn, type ColumnSpec } from './deck-columns';
import { SettingsSection } from './SettingControls';
import { DECK_SAVE_KEY, useDeckColumns } from './use-deck-columns';

const TYPES = Object.keys(COLUMN_TYPES) as ColumnType[];

function RowButton(props: { icon: IconName; label: string; inactive: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      title={props.label}
      aria-disabled={props.inactive || undefined}
      onClick={props.inactive ? undefined : props.onClick}
    >
      <Icon name={props.icon} size={18} />
    </button>
  );
}

/** The deck's columns in order, each movable and removable, and a form to add any column type. */
export function ColumnsSection() {
  const t = useT();
  const deck = useDeckColumns();
  const name = useColumnName();
  // a column moved earlier goes towards the start: leftwards, or rightwards in a mirrored page
  const [start, end] = useStartAndEndSides();
  return (
    <SettingsSection
      title={t('preferences.columns')}
      hint={t('preferences.columns_hint')}
      saveKey={DECK_SAVE_KEY}
    >
      <ol className="deck-editor">
        {deck.columns.map((column, index) => {
          const columnName = name(column);
          return (
            <li key={column.uuid} className="deck-editor__column">
              <Icon name={COLUMN_TYPES[column.id].icon} size={18} />
              <span className="deck-editor__name">{columnName}</span>
              <RowButton
                icon="chevronLeft"
                label={t(`preferences.columns_move_${start}`, { name: columnName })}
                inactive={index === 0}
                onClick={() => deck.move(column.uuid, -1)}
              />
              <RowButton
                icon="chevronRight"
                label={t(`preferences.columns_move_${end}`, { name: columnName })}
                inactive={index === deck.columns.length - 1}
                onClick={() => deck.move(column.uuid, 1)}
              />
              <RowButton
                icon="close"
                label={t('preferences.columns_remove', { name: columnName })}
                inactive={deck.columns.length <= 1}
                onClick={() => deck.remove(column.uuid)}
              />
            </li>
          );
        })}
      </ol>
      <AddColumnForm onAdd={deck.add} isPinned={(spec) => findColumn(deck.columns, spec) !== undefined} />
    </SettingsSection>
  );
}

/** What the form would add; null while the hashtag or the list is missing. */
function specOf(type: ColumnType, tag: string, listId: string): ColumnSpec | null {
  if (type === 'hashtag') return tag ? { id: type, params: { id: tag } } : null;
  if (type === 'list') return listId ? { id: type, params: { id: listId } } : null;
  return { id: type, params: {} };
}

function AddColumnForm(props: {
  onAdd: (spec: ColumnSpec) => void;
  isPinned: (spec: ColumnSpec) => boolean;
}) {
  const t = useT();
  const lists = useLists();
  const pinnedType = (type: ColumnType) =>
    type !== 'hashtag' && type !== 'list' && props.isPinned({ id: type, params: {} });
  const [type, setType] = useState<ColumnType>(() => TYPES.find((item) => !pinnedType(item)) ?? 'hashtag');
  const [tag, setTag] = useState('');
  const [listId, setListId] = useState('');
  const spec = specOf(type, tag.trim().replace(/^#/, ''), listId || lists.data?.[0]?.id || '');
  const already = spec !== null && props.isPinned(spec);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!spec || already) return;
    props.onAdd(spec);
    setTag('');
    // a type that exists once is not offered again: go on with the next free one
    if (spec.id !== 'hashtag' && spec.id !== 'list')
      setType(TYPES.find((item) => item !== type && !pinnedType(item)) ?? 'hashtag');
  }
  return (
    <form className="deck-editor__add" onSubmit={submit} aria-label={t('preferences.columns_add')}>
      <Field label={t('preferences.columns_type')}>
        {(control) => (
          <select {...control} value={type} onChange={(event) => setType(event.target.value as ColumnType)}>
            {TYPES.map((item) => (
              <option key={item} value={item} disabled={pinnedType(item)}>
                {t(COLUMN_TYPES[item].label)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {type === 'hashtag' && (
        <Field label={t('preferences.columns_hashtag')}>
          {(control) => (
            <input
              dir="auto"
              {...control}
              value={tag}
              maxLength={100}
              placeholder="#"
              autoComplete="off"
              onChange={(event) => setTag(event.target.value)}
            />
          )}
        </Field>
      )}
      {type === 'list' && (
        <Field
          label={t('preferences.columns_list')}
          hint={lists.data?.length === 0 ? t('preferences.columns_no_lists') : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={(spec?.params.id as string | undefined) ?? ''}
              onChange={(event) => setListId(event.target.value)}
            >
              {lists.data?.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <button type="submit" className="button" disabled={!spec || already}>
        <Icon name="add" size={18} />
        <span>{already ? t('preferences.columns_pinned') : t('preferences.columns_add')}</span>
      </button>
    </form>
  );
}

import './column-settings.css';
import type { Column } from '@palchat/api';
import { useContext, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { ErrorMessage } from '../../components/States';
import { columnForPath, findColumn, type ColumnSpec } from './deck-columns';
import { useDeckColumns } from './use-deck-columns';
import { useT } from '../../platform/i18n/use-t';
import { useStartAndEndSides } from '../../platform/use-start-and-end-sides';
import { useInitialState } from '../../platform/initial-state-context';
import { SelectedColumnContext, usePinnedColumn } from '../../platform/pinned-column-context';

function PanelButton(props: {
  icon: IconName;
  label: string;
  onClick: () => void;
  /** stays focusable (aria-disabled) so that the keyboard focus is not lost at either end */
  inactive?: boolean;
  danger?: boolean;
  /** the label becomes the accessible name and tooltip */
  iconOnly?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={props.iconOnly ? props.label : undefined}
      title={props.iconOnly ? props.label : undefined}
      className={[
        'column-settings__button',
        props.danger ? 'column-settings__button--danger' : '',
        props.iconOnly ? 'column-settings__button--icon' : '',
      ].join(' ')}
      aria-disabled={props.inactive || undefined}
      onClick={props.inactive ? undefined : props.onClick}
    >
      <Icon name={props.icon} size={18} />
      {!props.iconOnly && <span>{props.label}</span>}
    </button>
  );
}

function PinnedActions({ column }: { column: Column }) {
  const t = useT();
  const deck = useDeckColumns();
  const index = deck.columns.findIndex((item) => item.uuid === column.uuid);
  // a column moved earlier goes towards the start: leftwards, or rightwards in a mirrored page
  const [start, end] = useStartAndEndSides();
  return (
    <>
      <PanelButton
        icon="chevronLeft"
        label={t(`column_settings.move_${start}`)}
        iconOnly
        inactive={index <= 0}
        onClick={() => deck.move(column.uuid, -1)}
      />
      <PanelButton
        icon="chevronRight"
        label={t(`column_settings.move_${end}`)}
        iconOnly
        inactive={index === deck.columns.length - 1}
        onClick={() => deck.move(column.uuid, 1)}
      />
      <PanelButton
        icon="close"
        label={t('column_settings.remove')}
        inactive={deck.columns.length <= 1}
        danger
        onClick={() => deck.remove(column.uuid)}
      />
      {deck.save.isError && <ErrorMessage error={deck.save.error} />}
    </>
  );
}

/**
 * The routed column: pin it. The deck then selects the new column, which the route now names; a view of a pinned
 * column that the deck does not select (one with a query: notifications of one type) says it is pinned.
 */
function PinAction({ spec }: { spec: ColumnSpec }) {
  const t = useT();
  const deck = useDeckColumns();
  if (findColumn(deck.columns, spec) && !deck.save.isPending)
    return <p className="column-settings__hint">{t('column_settings.pinned_hint')}</p>;
  return (
    <>
      <PanelButton icon="pin" label={t('column_settings.pin')} onClick={() => deck.add(spec)} />
      {deck.save.isError && <ErrorMessage error={deck.save.error} />}
    </>
  );
}

function SettingsToggle({ children }: { children: ReactNode }) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [toggle, setToggle] = useState<HTMLButtonElement | null>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    toggle?.focus();
  };
  return (
    <>
      <button
        ref={setToggle}
        type="button"
        className="icon-button column-settings__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t(open ? 'column_settings.hide' : 'column_settings.show')}
        title={t(open ? 'column_settings.hide' : 'column_settings.show')}
        onClick={() => setOpen(!open)}
      >
        <Icon name="viewColumn" size={20} />
      </button>
      {open && (
        <div
          id={panelId}
          className="column-settings"
          role="group"
          aria-label={t('column_settings.label')}
          onKeyDown={closeOnEscape}
        >
          {children}
        </div>
      )}
    </>
  );
}

/** The routed column's settings: pinning, when its view is a column type. */
function RoutedControls() {
  const location = useLocation();
  // the navigation standing in for a column the route names, which is pinned already
  const standingIn = useContext(SelectedColumnContext) !== undefined;
  const spec = columnForPath(location.pathname);
  if (!spec || standingIn) return null;
  return (
    <SettingsToggle>
      <PinAction spec={spec} />
    </SettingsToggle>
  );
}

/**
 * The deck's column settings in a column header (multi-column, signed in): a pinned column moves or goes
 * away; a routed view that is a column type (SPEC §2 "Layout") can be pinned.
 */
export default function ColumnControls() {
  const { identity } = useInitialState();
  const pinned = usePinnedColumn();
  if (!identity.signedIn) return null;
  if (!pinned) return <RoutedControls />;
  return (
    <SettingsToggle>
      <PinnedActions column={pinned} />
    </SettingsToggle>
  );
}

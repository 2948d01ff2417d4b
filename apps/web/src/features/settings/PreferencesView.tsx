import type { LayoutSetting } from '@palchat/api';
import { Link } from 'react-router';
import { useSaveSettings, useSettings } from '../../api/queries';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import type { MessageId } from '../../app/i18n/messages';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage } from '../../components/States';

const LAYOUTS: [LayoutSetting, MessageId, MessageId][] = [
  ['auto', 'preferences.layout_auto', 'preferences.layout_auto_hint'],
  ['single-column', 'preferences.layout_single', 'preferences.layout_single_hint'],
  ['multi-column', 'preferences.layout_multi', 'preferences.layout_multi_hint'],
  ['mobile', 'preferences.layout_mobile', 'preferences.layout_mobile_hint'],
];

export function PreferencesView() {
  const t = useT();
  const settings = useSettings();
  const save = useSaveSettings();
  const selected = save.isPending && save.variables?.layout ? save.variables.layout : settings.layout;
  return (
    <RequireSignIn icon="tune" title={t('column.preferences')}>
      <Column label={t('column.preferences')}>
        <ColumnHeader icon="tune" title={t('column.preferences')} showBack />
        <ColumnBody padded>
          <fieldset className="choice-group">
            <legend>
              <Msg id="preferences.layout" />
            </legend>
            <p className="field__hint">
              <Msg id="preferences.layout_hint" />
            </p>
            {LAYOUTS.map(([value, label, hint]) => (
              <label key={value} className={selected === value ? 'choice choice--selected' : 'choice'}>
                <input
                  type="radio"
                  name="layout"
                  value={value}
                  checked={selected === value}
                  disabled={save.isPending}
                  onChange={() => save.mutate({ layout: value })}
                />
                <span>
                  <strong>{t(label)}</strong>
                  <small>{t(hint)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {save.isError && <ErrorMessage error={save.error} />}
          {save.isSuccess && (
            <p className="form__notice" role="status">
              <Msg id="preferences.saved" />
            </p>
          )}
          <div className="preferences-links">
            <Link to="/start/profile">
              <Msg id="preferences.edit_profile" />
            </Link>
            <Link to="/filters">
              <Msg id="navigation.filters" />
            </Link>
            <Link to="/keyboard-shortcuts">
              <Msg id="navigation.keyboard_shortcuts" />
            </Link>
          </div>
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}

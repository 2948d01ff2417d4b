import './keyboard-shortcuts.css';
import { Fragment } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { KEYBOARD_SHORTCUTS } from './shortcuts';

export function KeyboardShortcutsView() {
  const t = useT();
  return (
    <Column label={t('column.keyboard_shortcuts')}>
      <ColumnHeader icon="keyboard" title={t('column.keyboard_shortcuts')} showBack />
      <ColumnBody padded>
        <p className="muted">
          <Msg id="shortcuts.note" />
        </p>
        <table className="shortcuts">
          <thead>
            <tr>
              <th scope="col">{t('shortcuts.hotkey')}</th>
              <th scope="col">{t('shortcuts.description')}</th>
            </tr>
          </thead>
          <tbody>
            {KEYBOARD_SHORTCUTS.map(({ keys, description }) => {
              const sequence = keys[0] === 'g';
              return (
                <tr key={description}>
                  <td>
                    {keys.map((key, index) => (
                      <Fragment key={key}>
                        {index > 0 && (
                          <span className="shortcuts__joiner">{sequence ? '+' : t('shortcuts.or')}</span>
                        )}
                        <kbd>{key}</kbd>
                      </Fragment>
                    ))}
                  </td>
                  <td>{t(description)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ColumnBody>
    </Column>
  );
}

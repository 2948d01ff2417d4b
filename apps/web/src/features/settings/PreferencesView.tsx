import './settings.css';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ColumnsSection } from './ColumnsSection';
import { DevicesSection } from './DevicesSection';
import { LanguageSection } from './LanguageSection';
import { PostingDefaultsSection } from './PostingDefaultsSection';
import { PushSection } from './PushSection';
import { AppearanceSection, ReadingSection } from './WebSettingsSections';

/**
 * /settings/preferences: appearance, the interface language, the deck's columns, posting defaults, reading, push and the devices of
 * encrypted chats; each saves on change.
 */
export function PreferencesView() {
  const t = useT();
  return (
    <RequireSignIn icon="tune" title={t('column.preferences')}>
      <Column label={t('column.preferences')}>
        <ColumnHeader icon="tune" title={t('column.preferences')} showBack />
        <ColumnBody padded>
          <div className="preferences">
            <AppearanceSection />
            <LanguageSection />
            <ColumnsSection />
            <PostingDefaultsSection />
            <ReadingSection />
            <PushSection />
            <DevicesSection />
            <div className="preferences-links">
              <Link to="/settings/profile">
                <Msg id="preferences.edit_profile" />
              </Link>
              <Link to="/settings/migration">
                <Msg id="preferences.account_migration" />
              </Link>
              <Link to="/filters">
                <Msg id="navigation.filters" />
              </Link>
              <Link to="/keyboard-shortcuts">
                <Msg id="navigation.keyboard_shortcuts" />
              </Link>
            </div>
          </div>
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}

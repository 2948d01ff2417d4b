import { isLocale, LOCALES, type Locale } from '@palchat/api';
import { queryKeys, useSaveSettings, useSettings } from '../../api/queries';
import { useChangeLocale } from '../../platform/i18n/change-locale';
import { LOCALE_NAMES } from '../../platform/i18n/locale-names';
import { useT } from '../../platform/i18n/use-t';
import { Field } from '../../components/Field';
import { SettingsSection } from './SettingControls';

const SAVE_KEY = [...queryKeys.settings, 'language'];

/**
 * The interface language, each named in itself so that a reader finds their own whatever the page is in now.
 * The page switches at once (no reload); the account keeps the choice (its `locale`) for every sign-in.
 */
export function LanguageSection() {
  const t = useT();
  const settings = useSettings();
  const save = useSaveSettings('language');
  const changeLocale = useChangeLocale();
  const choose = (locale: Locale) => {
    const previous = settings.locale;
    void changeLocale(locale);
    save.mutate({ locale }, { onError: () => void changeLocale(previous) });
  };
  return (
    <SettingsSection
      title={t('preferences.language')}
      hint={t('preferences.language_hint')}
      saveKey={SAVE_KEY}
    >
      <div className="settings-fields">
        <Field label={t('preferences.interface_language')}>
          {(control) => (
            <select
              {...control}
              value={settings.locale}
              onChange={(event) => isLocale(event.target.value) && choose(event.target.value)}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </SettingsSection>
  );
}

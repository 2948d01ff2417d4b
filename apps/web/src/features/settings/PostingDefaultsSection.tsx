import type { Visibility } from '@palchat/api';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCredentialAccount } from '../../api/queries';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { Field } from '../../components/Field';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { languageChoices } from './languages';
import { CheckboxSetting, SettingsSection } from './SettingControls';
import { POSTING_DEFAULTS_SAVE_KEY, useSavePostingDefaults } from './use-posting-defaults';

const VISIBILITIES: [Visibility, MessageId][] = [
  ['public', 'compose.visibility_public'],
  ['unlisted', 'compose.visibility_unlisted'],
  ['private', 'compose.visibility_private'],
  ['direct', 'compose.visibility_direct'],
];

/** Default visibility, sensitivity and language of new posts: stored on the account (`source`). */
export function PostingDefaultsSection() {
  const t = useT();
  const { locale } = useIntl();
  const account = useCredentialAccount();
  const save = useSavePostingDefaults();
  const languages = useMemo(() => languageChoices(locale), [locale]);
  const source = account.data?.source;
  return (
    <SettingsSection
      title={t('preferences.posting')}
      hint={t('preferences.posting_hint')}
      saveKey={POSTING_DEFAULTS_SAVE_KEY}
    >
      {account.isError && <ErrorMessage error={account.error} onRetry={() => void account.refetch()} />}
      {account.isPending && <LoadingIndicator inline />}
      {source && (
        <div className="settings-fields">
          <Field label={t('preferences.default_visibility')}>
            {(control) => (
              <select
                {...control}
                value={source.privacy}
                onChange={(event) => save.mutate({ privacy: event.target.value as Visibility })}
              >
                {VISIBILITIES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('preferences.default_language')}>
            {(control) => (
              <select
                {...control}
                value={source.language ?? ''}
                onChange={(event) => save.mutate({ language: event.target.value || null })}
              >
                <option value="">{t('preferences.default_language_none')}</option>
                {/* a stored code this list does not offer stays selectable */}
                {source.language && !languages.some((language) => language.code === source.language) && (
                  <option value={source.language}>{source.language}</option>
                )}
                {languages.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <CheckboxSetting
            label={t('preferences.default_sensitive')}
            hint={t('preferences.default_sensitive_hint')}
            checked={source.sensitive}
            onChange={(sensitive) => save.mutate({ sensitive })}
          />
        </div>
      )}
    </SettingsSection>
  );
}

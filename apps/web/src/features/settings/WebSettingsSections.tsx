import type { DisplayMedia, LayoutSetting, ThemeSetting } from '@palchat/api';
import { queryKeys, useSaveSettings, useSettings } from '../../api/queries';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { CheckboxSetting, ChoiceGroup, SettingsSection } from './SettingControls';

const LAYOUTS: [LayoutSetting, MessageId, MessageId][] = [
  ['auto', 'preferences.layout_auto', 'preferences.layout_auto_hint'],
  ['single-column', 'preferences.layout_single', 'preferences.layout_single_hint'],
  ['multi-column', 'preferences.layout_multi', 'preferences.layout_multi_hint'],
  ['mobile', 'preferences.layout_mobile', 'preferences.layout_mobile_hint'],
];

const THEMES: [ThemeSetting, MessageId][] = [
  ['system', 'preferences.theme_system'],
  ['light', 'preferences.theme_light'],
  ['dark', 'preferences.theme_dark'],
  ['high-contrast', 'preferences.theme_high_contrast'],
];

const DISPLAY_MEDIA: [DisplayMedia, MessageId][] = [
  ['default', 'preferences.display_media_default'],
  ['show_all', 'preferences.display_media_show_all'],
  ['hide_all', 'preferences.display_media_hide_all'],
];

/** Theme, layout and motion: web settings, saved on every change. */
export function AppearanceSection() {
  const t = useT();
  const settings = useSettings();
  const save = useSaveSettings('appearance');
  return (
    <SettingsSection title={t('preferences.appearance')} saveKey={[...queryKeys.settings, 'appearance']}>
      <ChoiceGroup
        legend={t('preferences.theme')}
        hint={t('preferences.theme_hint')}
        name="theme"
        value={settings.theme}
        choices={THEMES.map(([value, label]) => ({ value, label: t(label) }))}
        onChange={(theme) => save.mutate({ theme })}
      />
      <ChoiceGroup
        legend={t('preferences.layout')}
        hint={t('preferences.layout_hint')}
        name="layout"
        value={settings.layout}
        choices={LAYOUTS.map(([value, label, hint]) => ({ value, label: t(label), hint: t(hint) }))}
        onChange={(layout) => save.mutate({ layout })}
      />
      <CheckboxSetting
        label={t('preferences.reduce_motion')}
        hint={t('preferences.reduce_motion_hint')}
        checked={settings.reduceMotion}
        onChange={(reduceMotion) => save.mutate({ reduceMotion })}
      />
    </SettingsSection>
  );
}

/** How statuses show (media, content warnings, GIFs) and which actions ask first (use-reading-settings). */
export function ReadingSection() {
  const t = useT();
  const settings = useSettings();
  const save = useSaveSettings('reading');
  return (
    <SettingsSection title={t('preferences.reading')} saveKey={[...queryKeys.settings, 'reading']}>
      <ChoiceGroup
        legend={t('preferences.display_media')}
        name="display-media"
        value={settings.displayMedia}
        choices={DISPLAY_MEDIA.map(([value, label]) => ({ value, label: t(label) }))}
        onChange={(displayMedia) => save.mutate({ displayMedia })}
      />
      <CheckboxSetting
        label={t('preferences.expand_spoilers')}
        hint={t('preferences.expand_spoilers_hint')}
        checked={settings.expandSpoilers}
        onChange={(expandSpoilers) => save.mutate({ expandSpoilers })}
      />
      <CheckboxSetting
        label={t('preferences.autoplay_gifs')}
        hint={t('preferences.autoplay_gifs_hint')}
        checked={settings.autoplayGifs}
        onChange={(autoplayGifs) => save.mutate({ autoplayGifs })}
      />
      <fieldset className="settings-group">
        <legend>{t('preferences.confirmations')}</legend>
        <CheckboxSetting
          label={t('preferences.confirm_unfollow')}
          checked={settings.unfollowModal}
          onChange={(unfollowModal) => save.mutate({ unfollowModal })}
        />
        <CheckboxSetting
          label={t('preferences.confirm_boost')}
          checked={settings.boostModal}
          onChange={(boostModal) => save.mutate({ boostModal })}
        />
        <CheckboxSetting
          label={t('preferences.confirm_delete')}
          checked={settings.deleteModal}
          onChange={(deleteModal) => save.mutate({ deleteModal })}
        />
        <CheckboxSetting
          label={t('preferences.confirm_missing_alt')}
          checked={settings.missingAltTextModal}
          onChange={(missingAltTextModal) => save.mutate({ missingAltTextModal })}
        />
      </fieldset>
    </SettingsSection>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { MessagingText } from '@palchat/api';
import { messagingApi } from '../api';
import { messageKeys } from '../query-keys';
import { useConversationSettings, usePreferences } from '../data/queries';
import { useAction } from '../hooks/use-action';
import type { ConversationSettingName, ConversationSettings, Preferences } from '../model';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../platform/i18n/use-t';

const conversationSettingLabels = {
  typing_indicator_enabled: 'messages.settings.typing',
  read_receipts_enabled: 'messages.settings.read_receipts',
} as const;

const preferenceLabels = {
  typing_indicator_enabled: 'messages.settings.typing',
  read_receipts_enabled: 'messages.settings.read_receipts',
  active_status_enabled: 'messages.settings.active_status',
} as const;

/** Per-conversation overrides (inherit / on / off) and the three global preferences. */
export function SettingsModal({
  conversationId,
  onClose,
}: {
  conversationId: string | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal title={t('messages.settings.title')} onClose={onClose} className="mbox-dialog">
      {conversationId ? <ConversationSection conversationId={conversationId} /> : null}
      <GlobalSection />
    </Modal>
  );
}

function ConversationSection({ conversationId }: { conversationId: string }) {
  const t = useT();
  const client = useQueryClient();
  const settings = useConversationSettings(conversationId);
  const run = useAction();

  const change = (name: ConversationSettingName, value: boolean | null) =>
    run(
      async () => {
        const next = await messagingApi.updateSetting(conversationId, name, value);
        if (next) client.setQueryData<ConversationSettings>(messageKeys.settings(conversationId), next);
        else await client.invalidateQueries({ queryKey: messageKeys.settings(conversationId) });
      },
      { failure: 'messages.settings.failed' },
    );

  return (
    <section className="mbox-settings__section" data-testid="conversation-settings">
      <h3>{t('messages.settings.conversation')}</h3>
      {settings.data ? (
        (Object.keys(conversationSettingLabels) as ConversationSettingName[]).map((name) => (
          <OverrideChoice
            key={name}
            label={t(conversationSettingLabels[name])}
            globalValue={settings.data.global_settings[name]}
            value={settings.data.conversation_overrides[name]}
            onChange={(value) => void change(name, value)}
          />
        ))
      ) : (
        <p className="mbox-state">{t('messages.loading')}</p>
      )}
    </section>
  );
}

function OverrideChoice({
  label,
  globalValue,
  value,
  onChange,
}: {
  label: string;
  globalValue: boolean;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}) {
  const t = useT();
  const name = useId();
  const onOff = (on: boolean) => t(on ? 'messages.settings.on' : 'messages.settings.off');
  const options: { key: string; value: boolean | null; label: string }[] = [
    {
      key: 'inherit',
      value: null,
      label: t('messages.settings.inherit', { value: onOff(globalValue) }),
    },
    { key: 'on', value: true, label: onOff(true) },
    { key: 'off', value: false, label: onOff(false) },
  ];
  return (
    <fieldset className="mbox-setting">
      <legend>{label}</legend>
      <div className="mbox-segmented">
        {options.map((option) => (
          <label key={option.key} className={value === option.value ? 'is-selected' : ''}>
            <input
              type="radio"
              name={name}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function GlobalSection() {
  const t = useT();
  const client = useQueryClient();
  const preferences = usePreferences();

  const toggle = (name: keyof Preferences, value: boolean) => {
    const previous = client.getQueryData<Preferences>(messageKeys.preferences());
    if (previous) client.setQueryData<Preferences>(messageKeys.preferences(), { ...previous, [name]: value });
    messagingApi
      .updatePreference({ [name]: value })
      .then(() => client.invalidateQueries({ queryKey: messageKeys.allSettings() }))
      .catch((error: unknown) => {
        // SPEC §8: a failed preference save is logged only
        console.error(MessagingText.failedSavePreference, error);
        if (previous) client.setQueryData<Preferences>(messageKeys.preferences(), previous);
      });
  };

  return (
    <section className="mbox-settings__section" data-testid="global-preferences">
      <h3>{t('messages.settings.global')}</h3>
      {preferences.data
        ? (Object.keys(preferenceLabels) as (keyof Preferences)[]).map((name) => (
            <label key={name} className="mbox-switch">
              <span>{t(preferenceLabels[name])}</span>
              <input
                type="checkbox"
                role="switch"
                checked={preferences.data[name]}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <span className="mbox-switch__track" aria-hidden="true" />
            </label>
          ))
        : null}
    </section>
  );
}

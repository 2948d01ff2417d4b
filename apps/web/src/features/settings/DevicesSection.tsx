import { useId, useState } from 'react';
import { FormattedDate } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RelativeTime } from '../../components/RelativeTime';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { DEVICE_REMOVAL_KEY, useDevices, useRemoveDevice, type Device } from './devices-api';
import { SettingsSection } from './SettingControls';
import { useThisDevice } from './this-device';

/**
 * The browsers that take part in this account's encrypted chats, each removable (after a confirmation): the
 * server stops delivering to it and the other members' clients remove it from every chat. Removing this browser
 * also wipes what it keeps locally.
 */
export function DevicesSection() {
  const t = useT();
  const devices = useDevices();
  const thisDevice = useThisDevice();
  const [asking, setAsking] = useState<Device | null>(null);
  const isThisDevice = (device: Device) => device.current === true || device.id === thisDevice.data?.id;
  const remove = useRemoveDevice(async (id) => {
    if (id === thisDevice.data?.id) await thisDevice.data.forget();
  });

  return (
    <SettingsSection
      title={t('preferences.devices')}
      hint={t('preferences.devices_hint')}
      saveKey={DEVICE_REMOVAL_KEY}
    >
      {devices.isPending && <LoadingIndicator inline />}
      {devices.isError && <ErrorMessage error={devices.error} onRetry={() => void devices.refetch()} />}
      {devices.data?.length === 0 && (
        <p className="field__hint" data-testid="devices-empty">
          <Msg id="preferences.devices_empty" />
        </p>
      )}
      {devices.data && devices.data.length > 0 && (
        <ul className="devices" data-testid="devices">
          {devices.data.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              isThisDevice={isThisDevice(device)}
              removing={remove.isPending && remove.variables === device.id}
              onRemove={() => setAsking(device)}
            />
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={t('preferences.devices_remove_title')}
          confirmLabel={t('preferences.devices_remove_confirm')}
          onClose={() => setAsking(null)}
          onConfirm={() => remove.mutate(asking.id)}
        >
          {t('preferences.devices_remove_text')}
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}

function DeviceRow(props: {
  device: Device;
  isThisDevice: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const nameId = useId();
  const { device } = props;
  return (
    <li className="devices__device" data-testid="device" aria-labelledby={nameId}>
      <div className="devices__about">
        <p className="devices__name">
          <strong id={nameId}>{device.name}</strong>
          {props.isThisDevice && (
            <span className="badge">
              <Msg id="preferences.devices_this_device" />
            </span>
          )}
        </p>
        <p className="devices__times">
          <span>
            <Msg
              id="preferences.devices_added"
              values={{ date: <FormattedDate value={device.created_at} dateStyle="medium" /> }}
            />
          </span>
          <span>
            <Msg
              id="preferences.devices_last_active"
              values={{ time: <RelativeTime iso={device.last_active_at} /> }}
            />
          </span>
        </p>
        <p className="devices__fingerprint">
          <span className="devices__label">
            <Msg id="preferences.devices_fingerprint" />
          </span>
          <code>{device.fingerprint}</code>
        </p>
      </div>
      <Button
        variant="secondary"
        size="small"
        busy={props.removing}
        aria-describedby={nameId}
        onClick={props.onRemove}
      >
        <Msg id="preferences.devices_remove" />
      </Button>
    </li>
  );
}

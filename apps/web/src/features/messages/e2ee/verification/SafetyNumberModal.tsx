import './verification.css';
import { useIntl } from 'react-intl';
import { Button } from '../../../../components/Button';
import { Icon } from '../../../../components/Icon';
import { Modal } from '../../../../components/Modal';
import { useT } from '../../../../platform/i18n/use-t';
import { digitGroups } from './safety-number-format';
import { SafetyQr } from './SafetyQr';
import type { VerificationStatus } from './verification-state';

/** A person of the chat with the fingerprints of their devices (leaves) in the local group state. */
export interface PersonDevices {
  /** the actor URI of the leaves */
  key: string;
  name: string;
  devices: { fingerprint: string; self: boolean }[];
}

export interface SafetyNumberModalProps {
  /** the chat's safety number (60 digits), computed here from the local group state */
  safetyNumber: string;
  /** everyone in the group, the reader first */
  people: PersonDevices[];
  /** the names of the others, for "Compare this number with {names}" */
  otherNames: string[];
  status: VerificationStatus;
  onMarkVerified: () => void;
  onClose: () => void;
}

/**
 * The safety number of an encrypted chat to compare with the others in person or over another channel, as text
 * and as a QR code, with each device's fingerprint; "Mark as verified" records the devices it covers.
 */
export function SafetyNumberModal(props: SafetyNumberModalProps) {
  const t = useT();
  const intl = useIntl();
  const groups = digitGroups(props.safetyNumber);
  return (
    <Modal
      title={t('messages.verification.title')}
      onClose={props.onClose}
      className="mbox-dialog mbox-safety"
      actions={
        props.status === 'verified' ? (
          <span className="mbox-safety__verified" data-testid="safety-verified">
            <Icon name="check" size={16} />
            {t('messages.verification.verified')}
          </span>
        ) : (
          <Button onClick={props.onMarkVerified}>{t('messages.verification.mark')}</Button>
        )
      }
    >
      <div className="mbox-safety__body">
        {props.status === 'changed' ? (
          <p className="mbox-safety__changed" role="status">
            <Icon name="warning" size={16} />
            {t('messages.verification.changed')}
          </p>
        ) : null}
        <div className="mbox-safety__code">
          <p className="mbox-safety__number" data-testid="safety-number">
            {groups.map((group, index) => (
              <span key={index}>{group}</span>
            ))}
          </p>
          <SafetyQr value={groups.join('')} label={t('messages.verification.qr_label')} />
        </div>
        <p className="mbox-modal__text">
          {t('messages.verification.compare', {
            names: intl.formatList(props.otherNames, { type: 'conjunction' }),
          })}
        </p>
        <section className="mbox-settings__section" aria-label={t('messages.verification.devices')}>
          <h3>{t('messages.verification.devices')}</h3>
          <ul className="mbox-safety__people">
            {props.people.map((person) => (
              <li key={person.key} data-testid="safety-person">
                <strong>
                  <bdi>{person.name}</bdi>
                </strong>
                <ul>
                  {person.devices.map((device) => (
                    <li key={device.fingerprint}>
                      <code>{device.fingerprint}</code>
                      {device.self ? (
                        <span className="badge">{t('messages.verification.this_device')}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}

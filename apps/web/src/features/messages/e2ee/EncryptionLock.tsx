import { Icon } from '../../../components/Icon';
import { useT } from '../../../platform/i18n/use-t';

/** The lock of an encrypted chat (list row, chat header), labelled for assistive technology and on hover. */
export function EncryptionLock({ size = 14 }: { size?: number }) {
  const t = useT();
  const label = t('messages.e2ee.lock');
  return (
    <span className="mbox-lock" role="img" aria-label={label} title={label} data-testid="encryption-lock">
      <Icon name="lock" size={size} />
    </span>
  );
}

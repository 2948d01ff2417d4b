import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { m } from '../messages';
import { Icon } from '../../../components/Icon';

/** A screen's header row with a back button. */
export function ScreenHeader({
  title,
  onBack,
  children,
}: {
  title: ReactNode;
  onBack: () => void;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="mbox-header">
      <button
        type="button"
        className="mbox-icon-button"
        aria-label={intl.formatMessage(m.back)}
        onClick={onBack}
      >
        <Icon name="back" size={20} />
      </button>
      <div className="mbox-header__title">{title}</div>
      {children}
    </div>
  );
}

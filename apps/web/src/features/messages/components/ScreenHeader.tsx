import type { ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../platform/i18n/use-t';

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
  const t = useT();
  return (
    <div className="mbox-header">
      <button type="button" className="mbox-icon-button" aria-label={t('messages.back')} onClick={onBack}>
        <Icon name="back" size={20} />
      </button>
      <div className="mbox-header__title">{title}</div>
      {children}
    </div>
  );
}

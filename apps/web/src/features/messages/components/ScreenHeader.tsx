import type { ReactNode } from 'react';
import { IconButton } from '../../../components/Button';
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
      <IconButton shape="round" icon="back" label={t('messages.back')} onClick={onBack} />
      <div className="mbox-header__title">{title}</div>
      {children}
    </div>
  );
}

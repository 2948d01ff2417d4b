import { useT } from '../../platform/i18n/use-t';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** "Ask before boosting" (a preference): loaded on the first boost that asks, to keep it off the first screen. */
export default function BoostConfirm({ onClose, onConfirm }: { onClose: () => void; onConfirm: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('status.reblog_confirm_title')}
      confirmLabel={t('status.reblog')}
      onClose={onClose}
      onConfirm={onConfirm}
      danger={false}
    >
      {t('status.reblog_confirm')}
    </ConfirmDialog>
  );
}

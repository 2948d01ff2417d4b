import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { useInstance } from '../../api/queries';
import { Modal } from '../../components/Modal';

export default function ClosedRegistrationsModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { server } = useInitialState();
  const instance = useInstance();
  const customMessage = instance.data?.registrations?.message;
  return (
    <Modal
      title={t('closed_registrations.title')}
      onClose={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          <Msg id="common.close" />
        </button>
      }
    >
      <p>
        <Msg id="closed_registrations.body" values={{ domain: <strong>{server.domain}</strong> }} />
      </p>
      {customMessage && <p className="modal__note">{customMessage}</p>}
      <p>
        <Msg id="closed_registrations.elsewhere" />
      </p>
    </Modal>
  );
}

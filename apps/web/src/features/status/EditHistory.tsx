import type { Status } from '@palchat/api';
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { useIntl } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { EDIT_DATE_FORMAT } from './edit-date-format';

// the history itself loads when it is first opened
const EditHistoryModal = lazyWithMessages(() => import('./EditHistoryModal'));

/** "Edited" next to the time of an edited status; opens its edit history. */
export function EditedMarker({ status }: { status: Status }) {
  const t = useT();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!status.edited_at) return null;
  const date = intl.formatDate(status.edited_at, EDIT_DATE_FORMAT);
  return (
    <>
      <button
        type="button"
        className="status__edited"
        title={t('status.edited', { date })}
        aria-label={t('status.edited', { date })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Msg id="status.edited_short" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <EditHistoryModal status={status} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import './edit-history.css';
import type { Status, StatusEdit } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Html } from '../../components/Html';
import { Modal } from '../../components/Modal';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { statuses } from './api';
import { EDIT_DATE_FORMAT } from './edit-date-format';
import { statusKeys } from './query-keys';

function Version({ edit, original }: { edit: StatusEdit; original: boolean }) {
  const intl = useIntl();
  const name = edit.account.display_name || edit.account.username;
  const date = intl.formatDate(edit.created_at, EDIT_DATE_FORMAT);
  return (
    <li className="edit-history__version">
      <p className="edit-history__label">
        <Msg
          id={original ? 'status.history_created' : 'status.history_edited'}
          values={{ name: <bdi>{name}</bdi>, date: <time dateTime={edit.created_at}>{date}</time> }}
        />
      </p>
      {edit.spoiler_text && (
        <p className="edit-history__spoiler" dir="auto">
          {edit.spoiler_text}
        </p>
      )}
      <Html className="status__content edit-history__content" html={edit.content} />
      {edit.media_attachments.length > 0 && (
        <div className="edit-history__media">
          {edit.media_attachments.map((media) => (
            <img
              key={media.id}
              src={media.preview_url ?? media.url}
              alt={media.description ?? ''}
              title={media.description ?? undefined}
            />
          ))}
        </div>
      )}
      {edit.poll && (
        <ul className="edit-history__poll">
          {edit.poll.options.map((option, index) => (
            <li key={index}>{option.title}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** GET /api/v1/statuses/:id/history, newest version first, as Mastodon's edit history lists them. */
export default function EditHistoryModal({ status, onClose }: { status: Status; onClose: () => void }) {
  const t = useT();
  const history = useQuery({
    queryKey: statusKeys.history(status.id, status.edited_at),
    queryFn: ({ signal }) => statuses.history(status.id, signal),
  });
  return (
    <Modal title={t('status.history_title')} onClose={onClose}>
      {history.isPending && <LoadingIndicator />}
      {history.isError && <ErrorMessage error={history.error} onRetry={() => void history.refetch()} />}
      {history.data && (
        <ol className="edit-history" aria-label={t('status.history_title')}>
          {history.data
            .map((edit, index) => ({ edit, original: index === 0 }))
            .reverse()
            .map(({ edit, original }) => (
              <Version key={edit.created_at} edit={edit} original={original} />
            ))}
        </ol>
      )}
    </Modal>
  );
}

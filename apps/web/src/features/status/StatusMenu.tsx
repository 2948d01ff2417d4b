import type { Status } from '@palchat/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DropdownMenu, MenuItem } from '../../components/DropdownMenu';
import { SocialIcon } from '../../components/SocialIcon';
// straight from the module, not the index: through the index it joined the chunks every profile loads
import { startEdit, startRedraft } from '../compose/edit-status';
import { useConfirmations } from '../settings';
import { statusUrl } from './status-url';
import { useDeleteStatus, useToggleStatus } from './use-status-actions';

export interface StatusMenuProps {
  status: Status;
  onReport: () => void;
  onError: (message: string) => void;
  /** open from the start: the button was pressed before this module had loaded */
  defaultOpen?: boolean;
}

/** The status card's "…" menu: open, copy link, pin, mute, edit, delete, re-draft, report. */
export default function StatusMenu({ status, onReport, onError, defaultOpen }: StatusMenuProps) {
  const t = useT();
  const confirm = useConfirmations();
  const { identity } = useInitialState();
  const navigate = useNavigate();
  const toggle = useToggleStatus();
  const remove = useDeleteStatus();
  const own = identity.accountId === status.account.id;
  const [asking, setAsking] = useState<'delete' | 'redraft' | null>(null);
  const redraft = () =>
    remove.mutate(status, {
      onSuccess: (deleted) => void startRedraft(deleted),
      onError: (error) => onError(error.message),
    });
  const item = (label: string, run: () => void, danger = false) => (
    <MenuItem onSelect={run} danger={danger}>
      {label}
    </MenuItem>
  );
  return (
    <>
      <DropdownMenu
        label={t('status.more')}
        buttonClassName="status-action"
        icon={<SocialIcon name="more" size={18} />}
        defaultOpen={defaultOpen}
      >
        {item(t('status.open'), () => {
          navigate(`/@${status.account.acct}/${status.id}`);
        })}
        {item(t('status.copy_link'), () => void navigator.clipboard?.writeText(statusUrl(status)))}
        {own &&
          (status.visibility === 'public' || status.visibility === 'unlisted') &&
          item(t(status.pinned ? 'status.unpin' : 'status.pin'), () =>
            toggle.mutate({ status, action: 'pin', on: !status.pinned }),
          )}
        {item(t(status.muted ? 'status.unmute_conversation' : 'status.mute_conversation'), () =>
          toggle.mutate({ status, action: 'mute', on: !status.muted }),
        )}
        {own &&
          !status.reblog &&
          item(t('status.edit'), () => {
            startEdit(status).catch(() => onError(t('status.edit_failed')));
          })}
        {own &&
          item(
            t('status.delete'),
            () => {
              if (confirm.delete) setAsking('delete');
              else remove.mutate(status);
            },
            true,
          )}
        {own &&
          item(
            t('status.redraft'),
            () => {
              if (confirm.delete) setAsking('redraft');
              else redraft();
            },
            true,
          )}
        {!own && item(t('status.report', { name: `@${status.account.acct}` }), onReport, true)}
      </DropdownMenu>
      {asking && (
        <ConfirmDialog
          title={t(asking === 'delete' ? 'status.delete_confirm_title' : 'status.redraft_confirm_title')}
          confirmLabel={t(asking === 'delete' ? 'status.delete' : 'status.redraft')}
          onClose={() => setAsking(null)}
          onConfirm={() => (asking === 'delete' ? remove.mutate(status) : redraft())}
        >
          {t(asking === 'delete' ? 'status.delete_confirm' : 'status.redraft_confirm')}
        </ConfirmDialog>
      )}
    </>
  );
}

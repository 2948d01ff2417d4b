import './account.css';
import { queryKeys } from '../../api/queries';
import '../status/status.css';
import type { Account, Relationship } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { useNavigate } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { updateComposeDraft } from '../../platform/stores/compose-draft';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DropdownMenu, MenuItem } from '../../components/DropdownMenu';
import { SocialIcon } from '../../components/SocialIcon';
import { ErrorMessage } from '../../components/States';
import { refreshChatsWith } from '../messages';
import { domainBlocks } from '../relationships';
import { focusCompose } from '../status';
import { accountDomain } from './account-domain';
import { relationships, type AccountAction } from './api';
import { accountKeys } from './query-keys';
import { useFollowOptions, useRelationship } from './use-account';

const ReportModal = lazyWithMessages(() => import('../status/ReportModal'));
const ListMembershipModal = lazyWithMessages(() => import('./ListMembershipModal'));
const CollectionMembershipModal = lazyWithMessages(() => import('../collections/CollectionMembershipModal'));

/**
 * Whether the viewer may feature the account in a Collection (Mastodon 4.6's `feature_approval`): anybody may,
 * or its followers may and the viewer follows it.
 */
function mayFeature(account: Account, state: Relationship | null | undefined): boolean {
  const approval = account.feature_approval;
  if (!approval) return false;
  if (approval.current_user === 'automatic') return true;
  return approval.automatic.includes('followers') && (state?.following ?? false);
}

/** How long "Link copied" stays (SPEC §9 "copy notice after 2 s"). */
const COPY_NOTICE_MS = 2000;

/** The relationship actions for an account that are not following itself (SPEC "relationship buttons"). */
function useAccountActions(account: Account) {
  const client = useQueryClient();
  const relationshipKey = accountKeys.relationship(account.id);
  const act = useMutation({
    mutationFn: (action: AccountAction) => relationships.act(account.id, action),
    onSuccess: (next, action) => {
      client.setQueryData(relationshipKey, next);
      if (action === 'endorse' || action === 'unendorse')
        void client.invalidateQueries({ queryKey: accountKeys.allEndorsements });
      else void client.invalidateQueries({ queryKey: queryKeys.timelines });
      if (action === 'block' || action === 'unblock') refreshChatsWith(client, account.id);
    },
  });
  const domainBlock = useMutation({
    mutationFn: ({ domain, block }: { domain: string; block: boolean }) =>
      block ? domainBlocks.add(domain) : domainBlocks.remove(domain),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: relationshipKey });
      void client.invalidateQueries({ queryKey: queryKeys.timelines });
    },
  });
  const options = useFollowOptions(account.id);
  return { act, domainBlock, options };
}

/**
 * The "…" menu of a profile: mention, copy link, personal note, boosts, lists, mute, block, domain block,
 * report. `onEditNote` opens the personal note of the profile header.
 */
export function AccountMenu({ account, onEditNote }: { account: Account; onEditNote?: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { identity } = useInitialState();
  const enabled = identity.signedIn && identity.accountId !== account.id;
  const relationship = useRelationship(account.id, enabled);
  const { act, domainBlock, options } = useAccountActions(account);
  const [modal, setModal] = useState<'report' | 'lists' | 'collections' | 'block' | 'block_domain' | null>(
    null,
  );
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  if (!enabled) return null;
  const state = relationship.data;
  const name = `@${account.acct}`;
  const domain = accountDomain(account.acct);
  const failure = act.error ?? domainBlock.error ?? options.error;
  const item = (label: string, run: () => void, danger = false) => (
    <MenuItem onSelect={run} danger={danger}>
      {label}
    </MenuItem>
  );
  return (
    <>
      {state?.followed_by && <span className="badge">{t('account.follows_you')}</span>}
      {copied && (
        <span className="badge" role="status">
          {t('account.link_copied')}
        </span>
      )}
      {state?.blocking && (
        <button type="button" className="button button--danger" onClick={() => act.mutate('unblock')}>
          {t('account.unblock', { name })}
        </button>
      )}
      <DropdownMenu
        label={t('account.menu', { name })}
        buttonClassName="icon-button"
        icon={<SocialIcon name="more" />}
      >
        {item(t('account.mention', { name }), () => {
          updateComposeDraft({ text: `${name} ` });
          if (!focusCompose()) navigate('/publish');
        })}
        {item(t('account.copy_link'), () => {
          void navigator.clipboard?.writeText(account.url).then(() => setCopied(true));
        })}
        {onEditNote && item(t(state?.note ? 'account.note_edit' : 'account.note_add'), onEditNote)}
        {state?.following &&
          item(t(state.showing_reblogs ? 'account.hide_reblogs' : 'account.show_reblogs', { name }), () =>
            options.mutate({ reblogs: !state.showing_reblogs }),
          )}
        {state?.following &&
          item(t(state.endorsed ? 'account.unendorse' : 'account.endorse'), () =>
            act.mutate(state.endorsed ? 'unendorse' : 'endorse'),
          )}
        {state?.following && item(t('account.lists'), () => setModal('lists'))}
        {mayFeature(account, state) && item(t('account.add_to_collection'), () => setModal('collections'))}
        {item(t(state?.muting ? 'account.unmute' : 'account.mute', { name }), () =>
          act.mutate(state?.muting ? 'unmute' : 'mute'),
        )}
        {item(
          t(state?.blocking ? 'account.unblock' : 'account.block', { name }),
          () => {
            if (state?.blocking) act.mutate('unblock');
            else setModal('block');
          },
          true,
        )}
        {domain &&
          item(
            t(state?.domain_blocking ? 'account.unblock_domain' : 'account.block_domain', { domain }),
            () => {
              if (state?.domain_blocking) domainBlock.mutate({ domain, block: false });
              else setModal('block_domain');
            },
            true,
          )}
        {item(t('account.report', { name }), () => setModal('report'), true)}
      </DropdownMenu>
      {failure && <ErrorMessage error={failure} />}
      {modal === 'block' && (
        <ConfirmDialog
          title={t('account.block_confirm_title', { name })}
          confirmLabel={t('account.block_confirm_button')}
          onClose={() => setModal(null)}
          onConfirm={() => act.mutate('block')}
        >
          {t('account.block_confirm')}
        </ConfirmDialog>
      )}
      {modal === 'block_domain' && domain && (
        <ConfirmDialog
          title={t('account.block_domain_confirm_title', { domain })}
          confirmLabel={t('account.block_domain_confirm_button')}
          onClose={() => setModal(null)}
          onConfirm={() => domainBlock.mutate({ domain, block: true })}
        >
          {t('account.block_domain_confirm')}
        </ConfirmDialog>
      )}
      <Suspense fallback={null}>
        {modal === 'report' && <ReportModal account={account} onClose={() => setModal(null)} />}
        {modal === 'lists' && <ListMembershipModal account={account} onClose={() => setModal(null)} />}
        {modal === 'collections' && (
          <CollectionMembershipModal account={account} onClose={() => setModal(null)} />
        )}
      </Suspense>
    </>
  );
}

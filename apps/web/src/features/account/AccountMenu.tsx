import '../status/status.css';
import type { Account, Relationship } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { updateComposeDraft } from '../../app/stores/compose-draft';
import { SocialIcon } from '../../components/SocialIcon';
import { focusCompose } from '../status/reply';
import { useRelationship } from './use-account';

type AccountAction = 'block' | 'unblock' | 'mute' | 'unmute';

/** Relationship actions besides following: mention, mute/unmute, block/unblock (SPEC "relationship buttons"). */
export function AccountMenu({ account }: { account: Account }) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { identity } = useInitialState();
  const enabled = identity.signedIn && identity.accountId !== account.id;
  const relationship = useRelationship(account.id, enabled);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const act = useMutation({
    mutationFn: (action: AccountAction) => api.post<Relationship>(`/api/v1/accounts/${account.id}/${action}`),
    onSuccess: (next) => {
      client.setQueryData(['relationship', account.id], next);
      void client.invalidateQueries({ queryKey: ['timeline'] });
    },
  });
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  if (!enabled) return null;
  const state = relationship.data;
  const name = `@${account.acct}`;
  const item = (label: string, run: () => void, danger = false) => (
    <li>
      <button
        type="button"
        role="menuitem"
        className={danger ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
        onClick={() => {
          setOpen(false);
          run();
        }}
      >
        {label}
      </button>
    </li>
  );
  return (
    <>
      {state?.followed_by && <span className="badge">{t('account.follows_you')}</span>}
      {state?.blocking && (
        <button type="button" className="button button--danger" onClick={() => act.mutate('unblock')}>
          {t('account.unblock', { name })}
        </button>
      )}
      <div className="dropdown" ref={root}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('account.menu', { name })}
          title={t('account.menu', { name })}
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          <SocialIcon name="more" />
        </button>
        {open && (
          <ul className="dropdown__menu" role="menu">
            {item(t('account.mention', { name }), () => {
              updateComposeDraft({ text: `${name} ` });
              if (!focusCompose()) navigate('/publish');
            })}
            {item(t(state?.muting ? 'account.unmute' : 'account.mute', { name }), () =>
              act.mutate(state?.muting ? 'unmute' : 'mute'),
            )}
            {item(
              t(state?.blocking ? 'account.unblock' : 'account.block', { name }),
              () => {
                if (state?.blocking) act.mutate('unblock');
                else if (window.confirm(t('account.block_confirm', { name }))) act.mutate('block');
              },
              true,
            )}
          </ul>
        )}
      </div>
    </>
  );
}

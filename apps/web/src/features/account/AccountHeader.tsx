import './account.css';
import type { Account } from '@palchat/api';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Avatar } from '../../components/Avatar';
import { ButtonLink } from '../../components/Button';
import { Html } from '../../components/Html';
import { Icon } from '../../components/Icon';
import { AccountMenu } from './AccountMenu';
import { AccountNote } from './AccountNote';
import { FollowButton } from './FollowButton';
import { MessageButton } from './MessageButton';
import { NotifyBell } from './NotifyBell';
import { ProfileNote } from './ProfileNote';
import { hasCustomHeader } from './profile-images';
import { EmojiText } from '../emoji';

/** Mastodon's moved-account banner: who moved, and the new account with a link to its profile. */
function MovedNote({ from, to }: { from: Account; to: Account }) {
  return (
    <div className="account-header__moved" role="note">
      <p>
        <Msg
          id="account.moved_to"
          values={{
            name: (
              <bdi>
                <strong>{from.display_name || from.username}</strong>
              </bdi>
            ),
          }}
        />
      </p>
      <AccountRow
        account={to}
        actions={
          <ButtonLink to={`/@${to.acct}`} variant="secondary">
            <Msg id="account.moved_go_to_profile" />
          </ButtonLink>
        }
      />
    </div>
  );
}

export function AccountHeader({ account }: { account: Account }) {
  const t = useT();
  const intl = useIntl();
  const { identity } = useInitialState();
  const base = `/@${account.acct}`;
  const own = identity.accountId === account.id;
  const [noteOpen, setNoteOpen] = useState(false);
  const tab = (to: string, label: string) => (
    <NavLink to={to} end className={({ isActive }) => (isActive ? 'tab tab--active' : 'tab')}>
      {label}
    </NavLink>
  );
  return (
    <div className="account-header">
      {account.moved && <MovedNote from={account} to={account.moved} />}
      <div className="account-header__banner">
        {hasCustomHeader(account) && <img src={account.header} alt="" />}
      </div>
      <div className="account-header__bar">
        <Avatar src={account.avatar} size={92} className="account-header__avatar" />
        <div className="account-header__buttons">
          {own ? (
            <ButtonLink to="/settings/profile" variant="secondary">
              <Msg id="account.edit_profile" />
            </ButtonLink>
          ) : (
            <>
              <AccountMenu account={account} onEditNote={() => setNoteOpen(true)} />
              <NotifyBell account={account} />
              <MessageButton account={account} />
              <FollowButton accountId={account.id} locked={account.locked} />
            </>
          )}
        </div>
      </div>
      <div className="account-header__identity">
        <h2 className="account-header__name">
          <bdi>
            <EmojiText text={account.display_name || account.username} />
          </bdi>
          {account.locked && <Icon name="lock" size={16} title={t('account.locked')} />}
          {account.bot && <span className="badge">{t('account.bot')}</span>}
        </h2>
        <p className="account-header__acct">
          <bdi>@{account.acct}</bdi>
        </p>
      </div>
      {account.note && <ProfileNote html={account.note} />}
      {account.fields.length > 0 && (
        <dl className="account-header__fields">
          {account.fields.map((field) => (
            <div
              key={field.name}
              className={field.verified_at ? 'account-field account-field--verified' : 'account-field'}
            >
              <dt dir="auto">{field.name}</dt>
              <dd>
                {field.verified_at && <Icon name="check" size={16} title={t('account.verified_link')} />}
                <Html as="span" html={field.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="account-header__joined">
        <Msg
          id="account.joined"
          values={{ date: intl.formatDate(account.created_at, { month: 'long', year: 'numeric' }) }}
        />
      </p>
      {identity.signedIn && !own && (
        <AccountNote account={account} open={noteOpen} onDone={() => setNoteOpen(false)} />
      )}
      <div className="account-header__counts">
        <Link to={base}>
          <strong>{intl.formatNumber(account.statuses_count)}</strong> <Msg id="account.posts" />
        </Link>
        <Link to={`${base}/following`}>
          <strong>{intl.formatNumber(account.following_count)}</strong> <Msg id="account.following" />
        </Link>
        <Link to={`${base}/followers`}>
          <strong>{intl.formatNumber(account.followers_count)}</strong> <Msg id="account.followers" />
        </Link>
      </div>
      <nav className="tabs" aria-label={t('account.sections')}>
        {tab(base, t('account.tab_posts'))}
        {tab(`${base}/with_replies`, t('account.tab_replies'))}
        {tab(`${base}/media`, t('account.tab_media'))}
        {tab(`${base}/featured`, t('account.tab_featured'))}
      </nav>
    </div>
  );
}

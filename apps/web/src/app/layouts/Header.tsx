import { Link, useLocation } from 'react-router';
import { useCurrentAccount } from '../../api/queries';
import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { Logo } from '../../components/Logo';
import { SignInLink, SignUpButton } from '../../features/auth/SignUpButton';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { headerLinkVisible } from '../../platform/rules/header';

/**
 * SPEC §2 "Header". On phones (`phone`) the tab bar carries Search and the Menu, so the header keeps the logo,
 * New post and the avatar (or the sign-up and sign-in buttons) and fits 320 px.
 */
export function Header({ phone = false }: { phone?: boolean }) {
  const t = useT();
  const { identity, server } = useInitialState();
  const { pathname } = useLocation();
  const account = useCurrentAccount();
  return (
    <header className="ui-header">
      <Link to="/" className="ui-header__logo" aria-label={t('header.home', { title: server.title })}>
        <Logo size={34} />
        <span className="ui-header__title">{server.title}</span>
      </Link>
      <div className="ui-header__actions">
        {identity.signedIn ? (
          <>
            {!phone && headerLinkVisible('/search', pathname) && (
              <Link
                to="/search"
                className="icon-button icon-button--header"
                aria-label={t('header.search')}
                title={t('header.search')}
              >
                <Icon name="search" size={22} />
              </Link>
            )}
            {headerLinkVisible('/publish', pathname) && (
              <Link to="/publish" className="button button--primary ui-header__publish">
                <Icon name="edit" size={18} />
                <span>
                  <Msg id="header.new_post" />
                </span>
              </Link>
            )}
            {identity.username && (
              <Link
                to={`/@${identity.username}`}
                className="ui-header__avatar"
                aria-label={t('header.profile', { username: identity.username })}
              >
                <Avatar src={account.data?.avatar} size={36} />
              </Link>
            )}
          </>
        ) : (
          <>
            <SignUpButton />
            <SignInLink />
          </>
        )}
      </div>
    </header>
  );
}

import { Link } from 'react-router';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { Column, ColumnHeader } from '../../components/Column';
import { NavigationPanel } from './NavigationPanel';

/** /getting-started (and the deck's home column): the navigation, plus the less-used pages. */
export function GettingStartedView() {
  const t = useT();
  const { identity } = useInitialState();
  return (
    <Column label={t('navigation.getting_started')}>
      <ColumnHeader icon="menu" title={t('navigation.getting_started')} />
      <div className="getting-started" data-testid="getting-started">
        <NavigationPanel />
        <div className="getting-started__more">
          {identity.signedIn && (
            <>
              <Link to="/directory">
                <Msg id="navigation.directory" />
              </Link>
              <Link to="/followed_tags">
                <Msg id="navigation.followed_tags" />
              </Link>
              <Link to="/blocks">
                <Msg id="navigation.blocks" />
              </Link>
              <Link to="/domain_blocks">
                <Msg id="navigation.domain_blocks" />
              </Link>
              <Link to="/mutes">
                <Msg id="navigation.mutes" />
              </Link>
              <Link to="/pinned">
                <Msg id="navigation.pinned" />
              </Link>
            </>
          )}
          <Link to="/keyboard-shortcuts">
            <Msg id="navigation.keyboard_shortcuts" />
          </Link>
          <Link to="/privacy-policy">
            <Msg id="about.privacy_policy" />
          </Link>
          <Link to="/terms-of-service">
            <Msg id="about.terms" />
          </Link>
        </div>
      </div>
    </Column>
  );
}

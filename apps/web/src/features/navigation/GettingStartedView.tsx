import './getting-started.css';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Column, ColumnHeader } from '../../components/Column';
import { LinkList, type PageLink } from '../../components/LinkList';
import { NavigationPanel } from './NavigationPanel';

const SIGNED_IN_PAGES: readonly PageLink[] = [
  { to: '/directory', label: 'navigation.directory' },
  { to: '/followed_tags', label: 'navigation.followed_tags' },
  { to: '/blocks', label: 'navigation.blocks' },
  { to: '/domain_blocks', label: 'navigation.domain_blocks' },
  { to: '/mutes', label: 'navigation.mutes' },
  { to: '/filters', label: 'navigation.filters' },
  { to: '/pinned', label: 'navigation.pinned' },
];

const DOCUMENT_PAGES: readonly PageLink[] = [
  { to: '/keyboard-shortcuts', label: 'navigation.keyboard_shortcuts' },
  { to: '/privacy-policy', label: 'about.privacy_policy' },
  { to: '/terms-of-service', label: 'about.terms' },
];

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
          {identity.signedIn && <LinkList links={SIGNED_IN_PAGES} />}
          <LinkList links={DOCUMENT_PAGES} />
        </div>
      </div>
    </Column>
  );
}

import { Navigate } from 'react-router';
import { useCurrentAccount, useSettings } from '../api/queries';
import { LoadingIndicator } from '../components/States';
import { useInitialState } from '../platform/initial-state-context';
import { useLayoutMode } from '../platform/layout-context';
import { isFirstLaunch, isNewAccount } from './rules/onboarding';
import { rootRedirectPath } from './rules/root-redirect';

/** `/`: SPEC §2 "Root redirect". A first launch waits for the account to tell whether it is new. */
export function RootRedirect() {
  const { identity, server } = useInitialState();
  const settings = useSettings();
  const layout = useLayoutMode();
  const account = useCurrentAccount();
  if (!identity.signedIn) {
    const to = rootRedirectPath({
      signedIn: false,
      singleUserAccount: server.singleUserAccount,
      explorePageEnabled: server.explorePageEnabled,
    });
    return <Navigate replace to={to} />;
  }
  const firstLaunch = isFirstLaunch(settings.introductionVersion);
  if (firstLaunch && account.isPending) return <LoadingIndicator />;
  // A failed account load falls back to identity data alone, which cannot prove the account is new.
  const forceOnboarding = firstLaunch && account.data !== undefined && isNewAccount(account.data);
  return <Navigate replace to={rootRedirectPath({ signedIn: true, forceOnboarding, layout })} />;
}

import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { SignInLink, SignUpButton } from './SignUpButton';

/** SPEC §2 "Sign-in banner": create account (or the closed modal) and Login; one link when SSO is on. */
export function SignInBanner() {
  const { server } = useInitialState();
  return (
    <div className="sign-in-banner" data-testid="sign-in-banner">
      <p>
        <Msg id="sign_in_banner.text" values={{ title: server.title }} />
      </p>
      {server.ssoRedirect ? (
        <SignUpButton block />
      ) : (
        <>
          <SignUpButton block />
          <SignInLink block />
        </>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Msg } from '../platform/i18n/Msg';
import { useInitialState } from '../platform/initial-state-context';
import { SignInLink, SignUpButton } from '../features/auth/SignUpButton';
import { Column, ColumnBody, ColumnHeader } from './Column';
import type { IconName } from './icons';

/** Views that only make sense signed in tell visitors so, with the sign-in and sign-up actions. */
export function RequireSignIn({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  const { identity } = useInitialState();
  if (identity.signedIn) return <>{children}</>;
  return (
    <Column label={title}>
      <ColumnHeader icon={icon} title={title} />
      <ColumnBody padded>
        <div className="sign-in-required" data-testid="sign-in-required">
          <p>
            <Msg id="sign_in_required.body" />
          </p>
          <div className="sign-in-required__actions">
            <SignInLink />
            <SignUpButton />
          </div>
        </div>
      </ColumnBody>
    </Column>
  );
}

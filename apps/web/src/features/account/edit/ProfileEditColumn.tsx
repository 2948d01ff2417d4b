import type { CredentialAccount } from '@palchat/api';
import type { ReactNode } from 'react';
import { useCredentialAccount } from '../../../api/queries';
import { Column, ColumnBody, ColumnHeader } from '../../../components/Column';
import { RequireSignIn } from '../../../components/RequireSignIn';
import { ErrorMessage, LoadingIndicator } from '../../../components/States';

/** A signed-in column titled `title` that loads the user's own account, then shows `children(account)`. */
export function ProfileEditColumn({
  title,
  children,
}: {
  title: string;
  children: (account: CredentialAccount) => ReactNode;
}) {
  const account = useCredentialAccount();
  return (
    <RequireSignIn icon="person" title={title}>
      <Column label={title}>
        <ColumnHeader icon="person" title={title} showBack />
        <ColumnBody padded>
          {account.isPending ? (
            <LoadingIndicator />
          ) : account.isError ? (
            <ErrorMessage error={account.error} onRetry={() => void account.refetch()} />
          ) : (
            children(account.data)
          )}
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}

import './account.css';
import type { Account } from '@palchat/api';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { NotFoundView } from '../errors';
import { AccountHeader } from './AccountHeader';
import { useAccountRef, useResolvedAccount } from './use-account';
import { EmojiText } from '../emoji';

/** Resolves the account of the URL, then renders the profile column with `render(account)` below. */
export function AccountColumn({
  render,
  withHeader = true,
}: {
  render: (account: Account) => ReactNode;
  withHeader?: boolean;
}) {
  const t = useT();
  const ref = useAccountRef();
  const account = useResolvedAccount(ref);
  if (ref.kind === 'invalid') return <NotFoundView />;
  if (account.error instanceof ApiError && account.error.status === 404) return <NotFoundView />;
  const title = account.data ? account.data.display_name || account.data.username : t('column.profile');
  return (
    <Column label={title}>
      <ColumnHeader icon="person" title={<EmojiText text={title} />} showBack />
      {account.isPending ? (
        <LoadingIndicator />
      ) : account.isError ? (
        <ColumnBody padded>
          <ErrorMessage error={account.error} onRetry={() => void account.refetch()} />
        </ColumnBody>
      ) : (
        <>
          {withHeader && <AccountHeader account={account.data} />}
          {render(account.data)}
        </>
      )}
    </Column>
  );
}

import './about.css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Html } from '../../components/Html';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { instanceDocuments } from './api';
import { aboutKeys } from './query-keys';

export function PrivacyPolicyView() {
  const t = useT();
  const intl = useIntl();
  const policy = useQuery({
    queryKey: aboutKeys.privacyPolicy,
    queryFn: ({ signal }) => instanceDocuments.privacyPolicy(signal),
    retry: false,
  });
  const title = t('column.privacy_policy');
  return (
    <Column label={title}>
      <ColumnHeader icon="document" title={title} showBack />
      <ColumnBody padded>
        {policy.isPending ? (
          <LoadingIndicator />
        ) : policy.isError ? (
          policy.error instanceof ApiError && policy.error.status === 404 ? (
            <EmptyState icon="document">
              <Msg id="empty.privacy_policy" />
            </EmptyState>
          ) : (
            <ErrorMessage error={policy.error} onRetry={() => void policy.refetch()} />
          )
        ) : (
          <article className="policy">
            {policy.data.updated_at && (
              <p className="muted">
                <Msg
                  id="policy.updated"
                  values={{
                    date: (
                      <time dateTime={policy.data.updated_at}>
                        {intl.formatDate(policy.data.updated_at, { dateStyle: 'long' })}
                      </time>
                    ),
                  }}
                />
              </p>
            )}
            <Html className="prose" html={policy.data.content} />
          </article>
        )}
      </ColumnBody>
    </Column>
  );
}

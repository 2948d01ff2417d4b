import './about.css';
import type { TermsOfService } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Html } from '../../components/Html';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { instanceDocuments } from './api';
import { aboutKeys } from './query-keys';

const DAY_FORMAT = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;

/**
 * A YYYY-MM-DD date as the reader's locale writes it ("June 1, 2025"): the day itself, in every time zone
 * (formatted in UTC, where it starts). Anything else that is no real day stays as it is.
 */
function DayDate({ date }: { date: string }) {
  const intl = useIntl();
  const time = Date.parse(`${date}T00:00:00Z`);
  const real = !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
  return <time dateTime={date}>{real ? intl.formatDate(time, DAY_FORMAT) : date}</time>;
}

/** Today as the server counts it (UTC), to tell whether a newer version of the terms is in force yet. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * One version of the terms, as Mastodon's web client shows it: since when it is in force (or, for a version
 * not in force yet, a notice of when it will be), a link to the version that replaces it, and its text.
 */
export function TermsOfServiceDocument({ terms }: { terms: TermsOfService }) {
  return (
    <article className="policy">
      {terms.effective ? (
        <p className="muted">
          <Msg
            id="terms_of_service.effective_as_of"
            values={{ date: <DayDate date={terms.effective_date} /> }}
          />
        </p>
      ) : (
        <p className="policy__notice" role="note">
          <Msg
            id="terms_of_service.takes_effect_on"
            values={{ date: <DayDate date={terms.effective_date} /> }}
          />
        </p>
      )}
      {terms.succeeded_by && (
        <p className="policy__successor">
          <Link to={`/terms-of-service/${terms.succeeded_by}`}>
            <Msg
              id={
                terms.succeeded_by > todayUtc()
                  ? 'terms_of_service.newer_version'
                  : 'terms_of_service.newer_version_in_effect'
              }
              values={{ date: <DayDate date={terms.succeeded_by} /> }}
            />
          </Link>
        </p>
      )}
      <Html className="prose" html={terms.content} />
    </article>
  );
}

/** /terms-of-service: the version in force; /terms-of-service/:date: the version effective on that date. */
export function TermsOfServiceView() {
  const t = useT();
  const { date } = useParams();
  const terms = useQuery({
    queryKey: aboutKeys.termsOfService(date),
    queryFn: ({ signal }) => instanceDocuments.termsOfService(date, signal),
    retry: false,
  });
  const title = t('column.terms');
  return (
    <Column label={title}>
      <ColumnHeader icon="document" title={title} showBack />
      <ColumnBody padded>
        {terms.isPending ? (
          <LoadingIndicator />
        ) : terms.isError ? (
          terms.error instanceof ApiError && terms.error.status === 404 ? (
            <EmptyState icon="document">
              {date ? (
                <Msg
                  id="empty.terms_version"
                  values={{
                    date: <DayDate date={date} />,
                    link: (chunks) => <Link to="/terms-of-service">{chunks}</Link>,
                  }}
                />
              ) : (
                <Msg id="empty.terms" />
              )}
            </EmptyState>
          ) : (
            <ErrorMessage error={terms.error} onRetry={() => void terms.refetch()} />
          )
        ) : (
          <TermsOfServiceDocument terms={terms.data} />
        )}
      </ColumnBody>
    </Column>
  );
}

import './about.css';
import type { InstanceDocument, TermsOfService } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import type { ExtendedDescription } from '../../api/instance';
import { useInstance } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Html } from '../../components/Html';
import { LinkList, type PageLink } from '../../components/LinkList';
import { Logo } from '../../components/Logo';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';

interface Rule {
  id: string;
  text: string;
  hint?: string;
}

const FOOTER_PAGES: readonly PageLink[] = [
  { to: '/privacy-policy', label: 'about.privacy_policy' },
  { to: '/terms-of-service', label: 'about.terms' },
  { to: '/keyboard-shortcuts', label: 'navigation.keyboard_shortcuts' },
  { to: '/directory', label: 'navigation.directory' },
];

export function AboutView() {
  const t = useT();
  const { server } = useInitialState();
  const instance = useInstance();
  const extended = useQuery({
    queryKey: ['instance', 'extended-description'],
    queryFn: ({ signal }) =>
      api.get<ExtendedDescription>('/api/v1/instance/extended_description', { signal }),
    retry: false,
  });
  const rules = useQuery({
    queryKey: ['instance', 'rules'],
    queryFn: ({ signal }) => api.get<Rule[]>('/api/v1/instance/rules', { signal }),
    retry: false,
  });
  const info = instance.data;
  const ruleList = rules.data ?? info?.rules ?? [];
  return (
    <Column label={t('column.about')}>
      <ColumnHeader icon="info" title={t('column.about')} />
      <ColumnBody padded>
        <div className="about">
          <div className="about__hero">
            {info?.thumbnail?.url ? <img src={info.thumbnail.url} alt="" /> : <Logo size={72} />}
          </div>
          <h2 className="about__title">{info?.domain ?? server.domain}</h2>
          <p className="about__subtitle">
            <Msg id="about.powered_by" values={{ version: info?.version ?? server.version }} />
          </p>
          {instance.isPending && <LoadingIndicator />}
          {instance.isError && (
            <ErrorMessage error={instance.error} onRetry={() => void instance.refetch()} />
          )}
          {info && (
            <div className="about__cards">
              <section className="about__card">
                <h3>
                  <Msg id="about.administered_by" />
                </h3>
                {info.contact?.account ? (
                  <AccountRow account={info.contact.account} />
                ) : (
                  <p className="muted">
                    <Msg id="server_banner.no_admin" />
                  </p>
                )}
              </section>
              <section className="about__card">
                <h3>
                  <Msg id="about.contact" />
                </h3>
                {info.contact?.email ? (
                  <a href={`mailto:${info.contact.email}`}>{info.contact.email}</a>
                ) : (
                  <p className="muted">
                    <Msg id="about.no_contact" />
                  </p>
                )}
              </section>
            </div>
          )}
          {info?.description && <p className="about__description">{info.description}</p>}
          {extended.data?.content && (
            <section className="about__section">
              <h3>
                <Msg id="about.extended" />
              </h3>
              <Html className="prose" html={extended.data.content} />
            </section>
          )}
          <section className="about__section">
            <h3>
              <Msg id="about.rules" />
            </h3>
            {ruleList.length === 0 ? (
              <p className="muted">
                <Msg id="about.no_rules" />
              </p>
            ) : (
              <ol className="rules-list">
                {ruleList.map((rule) => (
                  <li key={rule.id}>
                    <span>{rule.text}</span>
                    {rule.hint && <small>{rule.hint}</small>}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <footer className="about__footer">
            <LinkList links={FOOTER_PAGES} />
          </footer>
        </div>
      </ColumnBody>
    </Column>
  );
}

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

export function PrivacyPolicyView() {
  const t = useT();
  const intl = useIntl();
  const policy = useQuery({
    queryKey: ['instance', 'privacy', null],
    queryFn: ({ signal }) => api.get<InstanceDocument>('/api/v1/instance/privacy_policy', { signal }),
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
    queryKey: ['instance', 'terms', date ?? null],
    queryFn: ({ signal }) =>
      api.get<TermsOfService>(
        `/api/v1/instance/terms_of_service${date ? `/${encodeURIComponent(date)}` : ''}`,
        { signal },
      ),
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

import './about.css';
import { useQuery } from '@tanstack/react-query';
import { useInstance } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Html } from '../../components/Html';
import { LinkList, type PageLink } from '../../components/LinkList';
import { Logo } from '../../components/Logo';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { instanceDocuments } from './api';
import { aboutKeys } from './query-keys';

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
    queryKey: aboutKeys.extendedDescription,
    queryFn: ({ signal }) => instanceDocuments.extendedDescription(signal),
    retry: false,
  });
  const rules = useQuery({
    queryKey: aboutKeys.rules,
    queryFn: ({ signal }) => instanceDocuments.rules(signal),
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
            {/* the server's version string, as it reports it (Mastodon's "4.x (compatible; …)") */}
            <Msg
              id="about.powered_by"
              values={{ version: <span dir="auto">{info?.version ?? server.version}</span> }}
            />
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

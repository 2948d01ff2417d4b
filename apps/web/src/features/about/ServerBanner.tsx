import './server-banner.css';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useInstance } from '../../api/queries';
import { formatCount } from '../../platform/i18n/format-count';
import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Blurhash } from '../../components/Blurhash';
import { ErrorMessage, LoadingIndicator } from '../../components/States';

/** The visitor's compose panel: description, administrator and monthly active users (SPEC §1). */
export default function ServerBanner() {
  const intl = useIntl();
  const { server } = useInitialState();
  const instance = useInstance();
  const [loaded, setLoaded] = useState(false);
  if (instance.isPending) return <LoadingIndicator inline />;
  if (instance.isError) return <ErrorMessage error={instance.error} />;
  const info = instance.data;
  const activeUsers = info.usage?.users?.active_month ?? 0;
  return (
    <div className="server-banner" data-testid="server-banner">
      <p className="server-banner__introduction">
        <Msg
          id="server_banner.introduction"
          values={{ domain: <strong>{info.domain || server.domain}</strong> }}
        />
      </p>
      {info.thumbnail?.url && (
        <div className="server-banner__hero">
          {info.thumbnail.blurhash && !loaded && (
            <Blurhash hash={info.thumbnail.blurhash} className="server-banner__blur" />
          )}
          <img src={info.thumbnail.url} alt="" onLoad={() => setLoaded(true)} />
        </div>
      )}
      {info.description && <p className="server-banner__description">{info.description}</p>}
      <div className="server-banner__meta">
        <div className="server-banner__section">
          <h4>
            <Msg id="server_banner.administered_by" />
          </h4>
          {info.contact?.account ? (
            <AccountRow account={info.contact.account} />
          ) : (
            <p className="muted">
              <Msg id="server_banner.no_admin" />
            </p>
          )}
        </div>
        <div className="server-banner__section">
          <h4>
            <Msg id="server_banner.server_stats" />
          </h4>
          <p className="server-banner__stat">
            <strong>{formatCount(intl, activeUsers)}</strong>
            <span>
              <Msg id="server_banner.active_users" />
            </span>
          </p>
        </div>
      </div>
      <Link to="/about" className="button button--secondary button--block">
        <Msg id="server_banner.learn_more" />
      </Link>
    </div>
  );
}

import './moderation.css';
import { Permission } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useInstance } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { ColumnBody } from '../../components/Column';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { ButtonLink } from '../../components/Button';
import { adminDashboard } from './api';
import { Gate, hasPermission } from './Gate';
import { moderationKeys } from './query-keys';

function Dashboard() {
  const t = useT();
  const intl = useIntl();
  const { server, identity } = useInitialState();
  const instance = useInstance();
  const counts = useQuery({
    queryKey: moderationKeys.dashboard(),
    queryFn: ({ signal }) => adminDashboard.get(signal),
  });
  if (counts.isPending) return <LoadingIndicator />;
  if (counts.isError) return <ErrorMessage error={counts.error} onRetry={() => void counts.refetch()} />;
  const cards: [MessageId, string][] = [
    ['dashboard.users', intl.formatNumber(counts.data.users)],
    ['dashboard.active_users', intl.formatNumber(counts.data.active_users)],
    ['dashboard.posts', intl.formatNumber(counts.data.posts)],
    ['dashboard.open_reports', intl.formatNumber(counts.data.open_reports)],
    ['dashboard.registrations', server.registrationsMode],
    ['dashboard.version', instance.data?.version ?? '…'],
  ];
  return (
    <ColumnBody padded>
      <dl className="dashboard">
        {cards.map(([label, value]) => (
          <div key={label} className="dashboard__card" data-testid={label}>
            <dd>{value}</dd>
            <dt>
              <Msg id={label} />
            </dt>
          </div>
        ))}
      </dl>
      {hasPermission(identity.permissions, Permission.manageReports) && (
        <div className="dashboard__links">
          <ButtonLink to="/admin/reports" variant="secondary">
            {t('column.reports')}
          </ButtonLink>
        </div>
      )}
    </ColumnBody>
  );
}

export function DashboardView() {
  const t = useT();
  return (
    <Gate flag={Permission.viewDashboard} icon="dashboard" title={t('column.dashboard')}>
      <Dashboard />
    </Gate>
  );
}

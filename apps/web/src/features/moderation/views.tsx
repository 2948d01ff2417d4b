import './moderation.css';
import { Permission, type AdminDashboard, type AdminReport } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useInstance } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { ColumnBody } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { ButtonLink } from '../../components/Button';
import { Gate, hasPermission } from './Gate';
import { moderationKeys } from './keys';
import { ReportCard } from './ReportCard';

/** Open or resolved reports, kept in the URL (?resolved=1) so that a reload stays on the same tab. */
function useResolvedTab(): [boolean, (resolved: boolean) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get('resolved') === '1',
    (next) => setParams(next ? { resolved: '1' } : {}, { replace: true }),
  ];
}

function Reports() {
  const t = useT();
  const [resolved, setResolved] = useResolvedTab();
  const tab = (value: boolean, label: MessageId) => (
    <button
      type="button"
      className={resolved === value ? 'tab tab--active' : 'tab'}
      aria-pressed={resolved === value}
      onClick={() => setResolved(value)}
    >
      <Msg id={label} />
    </button>
  );
  return (
    <>
      <div className="tabs" role="group" aria-label={t('moderation.filter')}>
        {tab(false, 'moderation.open')}
        {tab(true, 'moderation.resolved')}
      </div>
      <PagedList<AdminReport>
        key={String(resolved)}
        queryKey={moderationKeys.reports(resolved)}
        path="/api/v1/admin/reports"
        query={resolved ? { resolved: true } : undefined}
        itemKey={(report) => report.id}
        renderItem={(report) => <ReportCard report={report} />}
        emptyIcon="shield"
        empty={<Msg id={resolved ? 'empty.reports_resolved' : 'empty.reports'} />}
      />
    </>
  );
}

export function ReportsView() {
  const t = useT();
  return (
    <Gate flag={Permission.manageReports} icon="shield" title={t('column.reports')}>
      <Reports />
    </Gate>
  );
}

function Dashboard() {
  const t = useT();
  const { server, identity } = useInitialState();
  const instance = useInstance();
  const counts = useQuery({
    queryKey: moderationKeys.dashboard(),
    queryFn: ({ signal }) => api.get<AdminDashboard>('/api/v1/admin/dashboard', { signal }),
  });
  if (counts.isPending) return <LoadingIndicator />;
  if (counts.isError) return <ErrorMessage error={counts.error} onRetry={() => void counts.refetch()} />;
  const cards: [MessageId, string][] = [
    ['dashboard.users', counts.data.users.toLocaleString()],
    ['dashboard.active_users', counts.data.active_users.toLocaleString()],
    ['dashboard.posts', counts.data.posts.toLocaleString()],
    ['dashboard.open_reports', counts.data.open_reports.toLocaleString()],
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

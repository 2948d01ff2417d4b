import { Permission } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../api/client';
import { useInstance } from '../../api/queries';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import type { IconName } from '../../components/icons';
import { RelativeTime } from '../../components/RelativeTime';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import type { Account } from '@palchat/api';

function allowed(permissions: number, flag: number): boolean {
  return (permissions & (Permission.administrator | flag)) !== 0;
}

/** Moderation and administration frames, shown only with the matching permission (SPEC §6). */
function Gate({
  flag,
  icon,
  title,
  children,
}: {
  flag: number;
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  const { identity } = useInitialState();
  return (
    <Column label={title}>
      <ColumnHeader icon={icon} title={title} showBack />
      {identity.signedIn && allowed(identity.permissions, flag) ? (
        children
      ) : (
        <ColumnBody padded>
          <div className="error-view" data-testid="forbidden">
            <h2>
              <Msg id="forbidden.heading" />
            </h2>
            <p>
              <Msg id="forbidden.body" />
            </p>
          </div>
        </ColumnBody>
      )}
    </Column>
  );
}

interface AdminReport {
  id: string;
  action_taken: boolean;
  category: string;
  comment: string;
  created_at: string;
  account: { account: Account };
  target_account: { account: Account };
}

function Reports() {
  const reports = useQuery({
    queryKey: ['admin', 'reports'],
    queryFn: ({ signal }) => api.get<AdminReport[]>('/api/v1/admin/reports', { signal }),
    retry: false,
  });
  if (reports.isPending) return <LoadingIndicator />;
  if (reports.isError) return <ErrorMessage error={reports.error} onRetry={() => void reports.refetch()} />;
  if (reports.data.length === 0)
    return (
      <EmptyState icon="shield">
        <Msg id="empty.reports" />
      </EmptyState>
    );
  return (
    <ul className="plain-list">
      {reports.data.map((report) => (
        <li key={report.id} className="report-row">
          <AccountRow
            account={report.target_account.account}
            actions={<RelativeTime iso={report.created_at} />}
          />
          <p>
            <span className="badge">{report.category}</span> {report.comment}
          </p>
        </li>
      ))}
    </ul>
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
  const instance = useInstance();
  const { server } = useInitialState();
  if (instance.isPending) return <LoadingIndicator />;
  if (instance.isError) return <ErrorMessage error={instance.error} />;
  const stats: [MessageIdLike, string][] = [
    ['dashboard.active_users', String(instance.data.usage?.users?.active_month ?? 0)],
    ['dashboard.registrations', server.registrationsMode],
    ['dashboard.version', instance.data.version],
  ];
  return (
    <ColumnBody padded>
      <div className="dashboard">
        {stats.map(([label, value]) => (
          <div key={label} className="dashboard__card">
            <strong>{value}</strong>
            <span>
              <Msg id={label} />
            </span>
          </div>
        ))}
      </div>
    </ColumnBody>
  );
}

type MessageIdLike = 'dashboard.active_users' | 'dashboard.registrations' | 'dashboard.version';

export function DashboardView() {
  const t = useT();
  return (
    <Gate flag={Permission.viewDashboard} icon="dashboard" title={t('column.dashboard')}>
      <Dashboard />
    </Gate>
  );
}

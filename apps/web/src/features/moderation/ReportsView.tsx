import './moderation.css';
import { Permission, type AdminReport } from '@palchat/api';
import { useSearchParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { PagedList } from '../../components/PagedList';
import { Gate } from './Gate';
import { moderationKeys } from './query-keys';
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

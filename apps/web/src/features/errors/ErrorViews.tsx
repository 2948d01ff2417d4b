import type { ReactNode } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { isChunkLoadError, stackTraceOf } from '../../app/rules/route-errors';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { CopyStackButton } from './CopyStackButton';

interface ErrorColumnProps {
  /** The catalogue prefix holding `.title`, `.heading` and `.body`. */
  messages: 'not_found' | 'network_error' | 'render_error';
  headerIcon: IconName;
  icon: IconName;
  testId: string;
  children: ReactNode;
}

/** The frame every error view shares: a column with a big icon, a heading, an explanation and actions. */
function ErrorColumn({ messages, headerIcon, icon, testId, children }: ErrorColumnProps) {
  const t = useT();
  return (
    <Column label={t(`${messages}.title`)}>
      <ColumnHeader icon={headerIcon} title={t(`${messages}.title`)} showBack />
      <ColumnBody padded>
        <div className="error-view" data-testid={testId}>
          <Icon name={icon} size={56} className="error-view__icon" />
          <h2>
            <Msg id={`${messages}.heading`} />
          </h2>
          <p>
            <Msg id={`${messages}.body`} />
          </p>
          {children}
        </div>
      </ColumnBody>
    </Column>
  );
}

export function NotFoundView() {
  return (
    <ErrorColumn messages="not_found" headerIcon="warning" icon="explore" testId="not-found">
      <Link className="button button--secondary" to="/">
        <Msg id="not_found.home" />
      </Link>
    </ErrorColumn>
  );
}

function ReloadButton({ label }: { label: 'network_error.retry' | 'crash.reload' }) {
  return (
    <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
      <Msg id={label} />
    </button>
  );
}

export function NetworkErrorView() {
  return (
    <ErrorColumn messages="network_error" headerIcon="cloudOff" icon="cloudOff" testId="network-error">
      <ReloadButton label="network_error.retry" />
    </ErrorColumn>
  );
}

/** A view that crashed while rendering: explain, and offer the stack trace (SPEC §2, §8). */
export function RenderErrorView({ error }: { error: unknown }) {
  const t = useT();
  const stack = stackTraceOf(error);
  return (
    <ErrorColumn messages="render_error" headerIcon="warning" icon="warning" testId="render-error">
      <pre className="error-view__stack" aria-label={t('render_error.stack_label')}>
        {stack}
      </pre>
      <div className="error-view__actions">
        <CopyStackButton text={stack} />
        <ReloadButton label="crash.reload" />
      </div>
    </ErrorColumn>
  );
}

/** errorElement of every view route: 404 responses, chunk load failures and render crashes. */
export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isChunkLoadError(error)) return <NetworkErrorView />;
  return <RenderErrorView error={error} />;
}

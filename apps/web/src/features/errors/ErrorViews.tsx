import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { isChunkLoadError, stackTraceOf } from '../../app/rules/route-errors';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import { CopyStackButton } from './CopyStackButton';

export function NotFoundView() {
  const t = useT();
  return (
    <Column label={t('not_found.title')}>
      <ColumnHeader icon="warning" title={t('not_found.title')} showBack />
      <ColumnBody padded>
        <div className="error-view" data-testid="not-found">
          <Icon name="explore" size={56} className="error-view__icon" />
          <h2>
            <Msg id="not_found.heading" />
          </h2>
          <p>
            <Msg id="not_found.body" />
          </p>
          <Link className="button button--secondary" to="/">
            <Msg id="not_found.home" />
          </Link>
        </div>
      </ColumnBody>
    </Column>
  );
}

export function NetworkErrorView() {
  const t = useT();
  return (
    <Column label={t('network_error.title')}>
      <ColumnHeader icon="cloudOff" title={t('network_error.title')} showBack />
      <ColumnBody padded>
        <div className="error-view" data-testid="network-error">
          <Icon name="cloudOff" size={56} className="error-view__icon" />
          <h2>
            <Msg id="network_error.heading" />
          </h2>
          <p>
            <Msg id="network_error.body" />
          </p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            <Msg id="network_error.retry" />
          </button>
        </div>
      </ColumnBody>
    </Column>
  );
}

/** A view that crashed while rendering: explain, and offer the stack trace (SPEC §2, §8). */
export function RenderErrorView({ error }: { error: unknown }) {
  const t = useT();
  const stack = stackTraceOf(error);
  return (
    <Column label={t('render_error.title')}>
      <ColumnHeader icon="warning" title={t('render_error.title')} showBack />
      <ColumnBody padded>
        <div className="error-view" data-testid="render-error">
          <Icon name="warning" size={56} className="error-view__icon" />
          <h2>
            <Msg id="render_error.heading" />
          </h2>
          <p>
            <Msg id="render_error.body" />
          </p>
          <pre className="error-view__stack" aria-label={t('render_error.stack_label')}>
            {stack}
          </pre>
          <div className="error-view__actions">
            <CopyStackButton text={stack} />
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
              <Msg id="crash.reload" />
            </button>
          </div>
        </div>
      </ColumnBody>
    </Column>
  );
}

/** errorElement of every view route: 404 responses, chunk load failures and render crashes. */
export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isChunkLoadError(error)) return <NetworkErrorView />;
  return <RenderErrorView error={error} />;
}

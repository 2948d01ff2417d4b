import type { ReactNode } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import type { MessageId } from '../../platform/i18n/messages';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { isChunkLoadError, stackTraceOf } from '../../platform/rules/route-errors';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { CopyStackButton } from './CopyStackButton';

// spelled out (not built from the prefix) so that the build sees the shell needs them (build/catalogue-split.ts)
const ERROR_TEXTS = {
  not_found: { title: 'not_found.title', heading: 'not_found.heading', body: 'not_found.body' },
  network_error: {
    title: 'network_error.title',
    heading: 'network_error.heading',
    body: 'network_error.body',
  },
  render_error: { title: 'render_error.title', heading: 'render_error.heading', body: 'render_error.body' },
} satisfies Record<string, Record<'title' | 'heading' | 'body', MessageId>>;

interface ErrorColumnProps {
  messages: keyof typeof ERROR_TEXTS;
  headerIcon: IconName;
  icon: IconName;
  testId: string;
  children: ReactNode;
}

/** The frame every error view shares: a column with a big icon, a heading, an explanation and actions. */
function ErrorColumn({ messages, headerIcon, icon, testId, children }: ErrorColumnProps) {
  const t = useT();
  const texts = ERROR_TEXTS[messages];
  return (
    <Column label={t(texts.title)}>
      <ColumnHeader icon={headerIcon} title={t(texts.title)} showBack />
      <ColumnBody padded>
        <div className="error-view" data-testid={testId}>
          <Icon name={icon} size={56} className="error-view__icon" />
          <h2>
            <Msg id={texts.heading} />
          </h2>
          <p>
            <Msg id={texts.body} />
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

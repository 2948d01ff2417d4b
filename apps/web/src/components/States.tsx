import type { ReactNode } from 'react';
import { Msg } from '../platform/i18n/Msg';
import { Icon } from './Icon';
import type { IconName } from './icons';

export function EmptyState({ icon, children }: { icon?: IconName; children: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      {icon && <Icon name={icon} size={40} className="empty-state__icon" />}
      <div className="empty-state__text">{children}</div>
    </div>
  );
}

export function LoadingIndicator({ inline }: { inline?: boolean }) {
  return (
    <div className={inline ? 'loading loading--inline' : 'loading'} role="progressbar" aria-busy="true">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Msg id="common.loading" />
      </span>
    </div>
  );
}

/** An API failure: the server's `error` text or `HTTP {status}` (SPEC §8). */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="error-message" role="alert">
      <Icon name="warning" size={20} />
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="link-button" onClick={onRetry}>
          <Msg id="common.retry" />
        </button>
      )}
    </div>
  );
}

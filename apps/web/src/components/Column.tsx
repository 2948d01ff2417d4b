import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithMessages } from '../platform/lazy-with-messages';
import { useNavigate } from 'react-router';
import { useT } from '../platform/i18n/use-t';
import { ScrollParentContext, useLayoutMode } from '../platform/layout-context';
import { usePinnedColumn } from '../platform/pinned-column-context';
import { Icon } from './Icon';
import type { IconName } from './icons';

interface ColumnProps {
  /** accessible name of the column region */
  label: string;
  children: ReactNode;
  className?: string;
}

/** A column; in multi-column it is its own scroll container, in single-column the window scrolls. */
export function Column({ label, children, className }: ColumnProps) {
  const multiColumn = useLayoutMode() === 'multi-column';
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  return (
    <section
      ref={multiColumn ? setScroller : undefined}
      className={['column', multiColumn ? 'column--scroll' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={label}
    >
      <ScrollParentContext.Provider value={multiColumn ? scroller : null}>
        {multiColumn && !scroller ? null : children}
      </ScrollParentContext.Provider>
    </section>
  );
}

// the deck's pin / move / remove controls: multi-column only, so they stay out of the first load
const ColumnControls = lazyWithMessages(() => import('../features/settings/ColumnControls'));

interface ColumnHeaderProps {
  icon: IconName;
  title: ReactNode;
  /** show a back button (Mastodon shows one on detail views) */
  showBack?: boolean;
  actions?: ReactNode;
}

export function ColumnHeader({ icon, title, showBack, actions }: ColumnHeaderProps) {
  const t = useT();
  const navigate = useNavigate();
  const multiColumn = useLayoutMode() === 'multi-column';
  // a pinned column is no step of the history
  const pinned = usePinnedColumn() !== null;
  const back = showBack && !pinned;
  const goBack = () => {
    // react-router keeps its history index in the entry's state: above 0, there is a page of this app to go back to
    const { idx } = ((window.history.state as unknown) ?? {}) as { idx?: unknown };
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <div className="column-header">
      {back && (
        <button type="button" className="column-header__back" onClick={goBack} aria-label={t('column.back')}>
          <Icon name="back" size={20} />
        </button>
      )}
      <h1 className="column-header__title">
        <Icon name={icon} size={22} />
        <span>{title}</span>
      </h1>
      {(actions || multiColumn) && (
        <div className="column-header__actions">
          {actions}
          {multiColumn && (
            <Suspense fallback={null}>
              <ColumnControls />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}

export function ColumnBody({ children, padded }: { children: ReactNode; padded?: boolean }) {
  return <div className={padded ? 'column__body column__body--padded' : 'column__body'}>{children}</div>;
}

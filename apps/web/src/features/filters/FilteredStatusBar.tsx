import './filtered-status.css';
import type { Status } from '@palchat/api';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Icon } from '../../components/Icon';

/**
 * A status behind a "warn" filter, collapsed to the names of the matching filters (as on Mastodon). It stays
 * an `article.status` with the tab stop so that j/k and Enter treat it like any other post.
 */
export function FilteredStatusBar({
  status,
  titles,
  onReveal,
}: {
  status: Status;
  titles: string[];
  onReveal: () => void;
}) {
  const t = useT();
  const shown = status.reblog ?? status;
  const names = titles.join(', ');
  return (
    <article
      className="status status--filtered"
      aria-label={t('filters.filtered_status', { titles: names })}
      data-status-id={shown.id}
      data-permalink={`/@${shown.account.acct}/${shown.id}`}
      tabIndex={0}
    >
      <Icon name="mute" size={18} />
      <span className="status--filtered__text">
        <Msg id="filters.filtered_status" values={{ titles: <strong>{names}</strong> }} />
      </span>
      <button type="button" className="status--filtered__reveal" onClick={onReveal}>
        <Msg id="filters.show_anyway" />
      </button>
    </article>
  );
}

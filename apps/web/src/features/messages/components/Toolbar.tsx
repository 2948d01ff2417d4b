import { badgeText } from '../rules/unread';
import { Button, IconButton } from '../../../components/Button';
import { useT } from '../../../platform/i18n/use-t';

/** The box's title bar: Messages, compose, group chat, expand/minimise, and the unread total when minimised. */
export function Toolbar({
  expanded,
  unread,
  onToggle,
  onCompose,
  onGroup,
}: {
  expanded: boolean;
  unread: number;
  onToggle: () => void;
  onCompose: () => void;
  onGroup: () => void;
}) {
  const t = useT();
  const badge = expanded ? null : badgeText(unread);
  const toggleLabel = t(expanded ? 'messages.minimise' : 'messages.expand');
  return (
    // presentation: a click anywhere on the bar toggles the box; the keyboard's path is the title button
    <div className="mbox-toolbar" role="presentation" onClick={onToggle}>
      <h2 className="mbox-toolbar__title">
        <Button
          variant="bare"
          className="mbox-toolbar__title-button"
          aria-expanded={expanded}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        >
          {t('messages.title')}
        </Button>
        {badge ? (
          <span
            className="mbox-badge mbox-toolbar__badge"
            data-testid="unread-total"
            aria-label={t('messages.unread_badge', { count: unread })}
          >
            {badge}
          </span>
        ) : null}
      </h2>
      <div className="mbox-toolbar__actions" role="presentation" onClick={(event) => event.stopPropagation()}>
        <IconButton shape="round" icon="edit" label={t('messages.compose')} onClick={onCompose} />
        <IconButton shape="round" icon="people" label={t('messages.new_group')} onClick={onGroup} />
        <IconButton
          shape="round"
          icon={expanded ? 'expandMore' : 'expandLess'}
          label={toggleLabel}
          aria-expanded={expanded}
          onClick={onToggle}
        />
      </div>
    </div>
  );
}

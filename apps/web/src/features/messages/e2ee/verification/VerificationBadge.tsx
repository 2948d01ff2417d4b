import './verification.css';
import { Icon } from '../../../../components/Icon';
import { useT } from '../../../../platform/i18n/use-t';
import { useVerification } from './use-verification';

/**
 * The verification state of an encrypted chat for its header or menu: "All devices in this chat are verified",
 * or "Safety number changed: verify again" once its devices changed after verification; nothing before. Compact:
 * the icon alone, labelled.
 */
export function VerificationBadge(props: {
  conversationId: string;
  currentUserId: string;
  compact?: boolean;
}) {
  const t = useT();
  const { status } = useVerification(props.currentUserId, props.conversationId, true);
  if (status === 'unverified') return null;
  const label = t(
    status === 'verified' ? 'messages.verification.all_verified' : 'messages.verification.changed',
  );
  return (
    <span
      className={`mbox-verification mbox-verification--${status}`}
      role={props.compact ? 'img' : undefined}
      aria-label={props.compact ? label : undefined}
      title={label}
      data-testid="verification-badge"
    >
      <Icon name={status === 'verified' ? 'check' : 'warning'} size={14} />
      {props.compact ? null : <span>{label}</span>}
    </span>
  );
}

/**
 * Verification of encrypted chats, for the box's chat header and menu: "Verify safety number" opens
 * SafetyNumberDialog (a lazy chunk); VerificationBadge shows whether every device of the chat is verified.
 */
export { SafetyNumberDialog } from './LazySafetyNumberDialog';
export { VerificationBadge } from './VerificationBadge';

/**
 * Verification of encrypted chats, for the box's chat header and menu: "Verify safety number" opens
 * SafetyNumberDialog; VerificationBadge shows whether every device of the chat is verified.
 */
export { SafetyNumberDialog } from './SafetyNumberDialog';
export { VerificationBadge } from './VerificationBadge';

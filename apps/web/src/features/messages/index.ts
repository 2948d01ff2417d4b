/**
 * What other features may use of the message box: opening a chat with someone, refreshing the box's chats after a
 * block, this browser's encrypted-chat device (Preferences' Devices list). The box itself (MessageDock) is a lazy chunk the signed-in layout loads on its own; nothing here pulls it in.
 */
export { refreshChatsWith } from './data/refresh';
export { requestChatWith } from './state/chat-request';
export { localDevice, removeThisDevice, type LocalDevice } from './e2ee/verification/this-device';

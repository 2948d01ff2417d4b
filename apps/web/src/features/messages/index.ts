/** The message box feature: one lazy-loadable component for the signed-in layout. */
export { MessageDock, type MessageDockProps } from './MessageDock';
export { default } from './MessageDock';

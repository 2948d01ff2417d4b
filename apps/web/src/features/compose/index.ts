// What other features may use of compose: import it from here, never from the files inside.
export { updateComposeExtras } from './compose-extras';
export { resetCompose, showCompose } from './compose-session';

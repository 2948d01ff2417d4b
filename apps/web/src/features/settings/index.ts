// What other features may use of settings: import it from here, never from the files inside.
export { mediaStartsRevealed, useConfirmations, useReadingSettings } from './use-reading-settings';

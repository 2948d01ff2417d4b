export * from './constants.js';
export * from './initial-state.js';
export * from './accounts.js';
export * from './messaging.js';
export * from './instance.js';
export * from './social.js';

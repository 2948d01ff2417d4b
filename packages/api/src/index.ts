export * from './initial-state.js';
export * from './accounts.js';

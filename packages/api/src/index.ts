export * from './initial-state.js';

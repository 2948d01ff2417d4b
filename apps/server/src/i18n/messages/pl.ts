import type { Catalogue } from './en.js';
import { en } from './en.js';

export const pl: Catalogue = { ...en };

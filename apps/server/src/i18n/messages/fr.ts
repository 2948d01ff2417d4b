import type { Catalogue } from './en.js';
import { en } from './en.js';

export const fr: Catalogue = { ...en };

import type { Locale } from '@palchat/api';
import { createContext, useContext } from 'react';

/** Renders the page in another language: its catalogue loads, then the tree renders again (no reload). */
export type ChangeLocale = (locale: Locale) => Promise<void>;

export const ChangeLocaleContext = createContext<ChangeLocale>(async () => undefined);

export function useChangeLocale(): ChangeLocale {
  return useContext(ChangeLocaleContext);
}

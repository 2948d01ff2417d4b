// eslint-disable-next-line no-restricted-imports -- the one wrapper around React.lazy
import { lazy, type ComponentType } from 'react';
import { completeCatalogue } from './i18n/messages';

/** Loads a module together with the rest of the message catalogue, which its texts may need. */
export async function withMessages<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), completeCatalogue()]);
  return module;
}

/**
 * React.lazy for any module off the first screen: it renders once its chunk and the rest of the catalogue have
 * both arrived, so that it never shows a message id. The first screen's own modules (build/catalogue-split.ts)
 * use React.lazy or preloadableLazy directly.
 */
export function lazyWithMessages<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ReturnType<typeof lazy<ComponentType<P>>> {
  return lazy(() => withMessages(load));
}

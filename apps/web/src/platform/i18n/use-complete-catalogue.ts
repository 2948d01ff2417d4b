import { useCallback, useEffect, useRef, useState } from 'react';
import { ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { whenIdle } from '../use-after-idle';
import { completeCatalogue, type Catalogue } from './messages';

/**
 * The messages for the IntlProvider: the catalogue boot loaded, completed with its rest once the browser is
 * idle. Lazily loaded modules wait for the rest themselves; should anything still have asked for an id of
 * the rest before it arrived (and shown the id), the tree renders again with the complete catalogue.
 */
export function useCompleteCatalogue(loaded: Catalogue): {
  messages: Catalogue;
  onError: IntlConfig['onError'];
} {
  // a copy of `loaded` once its rest has arrived, when something asked too early (for that catalogue only)
  const [completed, setCompleted] = useState<{ of: Catalogue; messages: Catalogue } | null>(null);
  const askedTooEarly = useRef(false);
  useEffect(
    () =>
      whenIdle(() => {
        completeCatalogue().then(
          () => askedTooEarly.current && setCompleted({ of: loaded, messages: { ...loaded } }),
          () => undefined, // the next lazily loaded module tries again
        );
      }),
    [loaded],
  );
  const onError = useCallback<NonNullable<IntlConfig['onError']>>((error) => {
    if (error.code === ReactIntlErrorCode.MISSING_TRANSLATION) {
      askedTooEarly.current = true;
      // in the built client too: a text shown as its id is a bug (the end-to-end tests watch for it)
      console.warn(error.message);
    } else if (import.meta.env.DEV) console.error(error); // as react-intl's own handler does
  }, []);
  return { messages: completed?.of === loaded ? completed.messages : loaded, onError };
}

import type { Status } from '@palchat/api';
import { Suspense } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { useIntl } from 'react-intl';
import { useCachedInstance } from '../../api/queries';
import { useInitialState } from '../../platform/initial-state-context';
import { canTranslate } from './translation';

// loads with the first status that can be translated
const TranslateBarView = lazyWithMessages(() => import('./TranslateBarView'));

/**
 * Under a status in another language (public or unlisted, translation enabled on the server): the bar that
 * translates it and shows the original again.
 */
export function TranslateBar({ status }: { status: Status }) {
  const intl = useIntl();
  const { identity } = useInitialState();
  const enabled = useCachedInstance()?.configuration?.translation?.enabled === true;
  if (!canTranslate(status, { enabled, signedIn: identity.signedIn, uiLocale: intl.locale })) return null;
  return (
    <Suspense fallback={null}>
      <TranslateBarView status={status} />
    </Suspense>
  );
}

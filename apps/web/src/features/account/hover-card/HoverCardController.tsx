import { Suspense, useEffect, useMemo, useState } from 'react';
import { lazyWithMessages } from '../../../platform/lazy-with-messages';
import { useLocation } from 'react-router';
import { HoverCardTiming, type HoverTarget } from './hover-timing';

const HoverCard = lazyWithMessages(() => import('./HoverCard'));

const ACCOUNT_SELECTOR = '[data-hover-card-account]';

/** The account element a mouseover or mouseout crosses the edge of; none for moves within one account. */
function accountCrossedBy(event: MouseEvent): Element | null {
  const element = (event.target as Element | null)?.closest?.(ACCOUNT_SELECTOR) ?? null;
  const related = event.relatedTarget as Node | null;
  return element && !(related && element.contains(related)) ? element : null;
}

/** One controller for every account hover card on the page (elements carry data-hover-card-account). */
export default function HoverCardController() {
  const [target, setTarget] = useState<HoverTarget<Element> | null>(null);
  const timing = useMemo(() => new HoverCardTiming<Element>(setTarget), []);
  const location = useLocation();

  useEffect(() => timing.dismiss(), [location.pathname, timing]);

  useEffect(() => {
    const enter = (element: Element) => {
      const id = element.getAttribute('data-hover-card-account');
      if (id) timing.enterTarget({ key: id, value: element });
    };
    // An account the pointer came over, entered once the pointer moves on it: content that moves under a pointer
    // at rest (new posts shown above, a list growing) brings a mouseover without any mousemove, and should not
    // open a card over what the reader is about to click.
    let arrivedOn: Element | null = null;
    const onOver = (event: MouseEvent) => {
      const element = accountCrossedBy(event);
      if (element) arrivedOn = element;
    };
    const onMove = (event: MouseEvent) => {
      if (!arrivedOn || !arrivedOn.contains(event.target as Node | null)) return;
      enter(arrivedOn);
      arrivedOn = null;
    };
    const onOut = (event: MouseEvent) => {
      const element = accountCrossedBy(event);
      if (!element) return;
      if (arrivedOn === element) arrivedOn = null;
      timing.leaveTarget();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && timing.dismiss();
    document.addEventListener('mouseover', onOver);
    document.addEventListener('mousemove', onMove, { passive: true });
    document.addEventListener('mouseout', onOut);
    document.addEventListener('keydown', onKey);
    // this controller loads after the first render: a pointer already resting on an account enters it now
    const resting = [...document.querySelectorAll(':hover')].at(-1)?.closest(ACCOUNT_SELECTOR);
    if (resting) enter(resting);
    return () => {
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('mousemove', onMove);
      document.removeEventListener('mouseout', onOut);
      document.removeEventListener('keydown', onKey);
      timing.dispose();
    };
  }, [timing]);

  if (!target || !target.value.isConnected) return null;
  return (
    <Suspense fallback={null}>
      <HoverCard key={target.key} accountId={target.key} anchor={target.value} timing={timing} />
    </Suspense>
  );
}

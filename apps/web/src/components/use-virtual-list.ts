import { useCallback, useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { StateSnapshot } from 'react-virtuoso';
import { focusInPlainList, plainListSnapshot, restoreFocusInRow, type FocusInRow } from './PlainList';
import type { VirtualListProps } from './VirtualList';

type VirtualListComponent = <T>(props: VirtualListProps<T>) => ReactNode;

export interface VirtualListHandover {
  VirtualList: VirtualListComponent;
  /** the plain list's rows and scroll position when it handed over */
  snapshot?: StateSnapshot;
  /** where focus was in the plain list, and the element both lists render into */
  focus?: FocusInRow & { container: HTMLElement };
}

let loaded: VirtualListComponent | null = null;
let pending: Promise<VirtualListComponent> | null = null;

function loadVirtualList(): Promise<VirtualListComponent> {
  pending ??= import('./VirtualList').then(
    (module) => (loaded = module.default as VirtualListComponent),
    (error: unknown) => {
      pending = null; // the next list that grows tries again
      throw error;
    },
  );
  return pending;
}

/**
 * The virtualized list for a list that started plain. Its code loads on the first scroll; the plain list
 * hands over only when it grows (`grow`: its end came near the view, the next page is on its way), since the
 * handover remounts every row: an open menu or a playing video in the first page is not lost to it, and focus
 * moves to the same element of the new row. Lists mounted once the code has loaded are virtualized at once.
 * Until the handover (or if the code cannot load) `handover` is null and the caller renders its plain list
 * into `plainList`.
 */
export function useVirtualList(
  plainList: RefObject<HTMLElement | null>,
  scrollParent: HTMLElement | null,
): { handover: VirtualListHandover | null; grow: () => void } {
  const [handover, setHandover] = useState<VirtualListHandover | null>(() =>
    loaded ? { VirtualList: loaded } : null,
  );
  const [growing, setGrowing] = useState(false);
  // the reader's first scroll fetches the code, long before the list's end comes near: a page that is only
  // looked at never downloads it
  useEffect(() => {
    if (handover) return undefined;
    const target: HTMLElement | Window = scrollParent ?? window;
    const preload = () => void loadVirtualList().catch(() => undefined);
    target.addEventListener('scroll', preload, { passive: true, once: true });
    return () => target.removeEventListener('scroll', preload);
  }, [handover, scrollParent]);
  useEffect(() => {
    if (handover || !growing) return;
    let mounted = true;
    loadVirtualList().then(
      (VirtualList) => {
        const list = plainList.current;
        if (!mounted) return;
        if (!list) return setHandover({ VirtualList });
        const focus = focusInPlainList(list);
        const container = list.parentElement;
        setHandover({
          VirtualList,
          snapshot: plainListSnapshot(list, scrollParent),
          focus: focus && container ? { ...focus, container } : undefined,
        });
      },
      () => undefined, // stays a plain list
    );
    return () => {
      mounted = false;
    };
  }, [handover, growing, plainList, scrollParent]);
  const focus = handover?.focus;
  useEffect(() => (focus ? restoreFocusInRow(focus.container, focus) : undefined), [focus]);
  const grow = useCallback(() => setGrowing(true), []);
  return { handover, grow };
}

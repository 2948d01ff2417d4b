import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { StateSnapshot } from 'react-virtuoso';
import { useAfterIdle } from '../app/use-after-idle';
import { plainListSnapshot } from './PlainList';
import type { VirtualListProps } from './VirtualList';

type VirtualListComponent = <T>(props: VirtualListProps<T>) => ReactNode;

export interface VirtualListHandover {
  VirtualList: VirtualListComponent;
  /** the plain list's rows and scroll position when it handed over */
  snapshot?: StateSnapshot;
}

let loaded: VirtualListComponent | null = null;
let pending: Promise<VirtualListComponent> | null = null;

function loadVirtualList(): Promise<VirtualListComponent> {
  pending ??= import('./VirtualList').then(
    (module) => (loaded = module.default as VirtualListComponent),
    (error: unknown) => {
      pending = null; // the next list to become idle tries again
      throw error;
    },
  );
  return pending;
}

/**
 * The virtualized list, loaded once the browser is idle after the first render; until then (or if it cannot
 * load) null, and the caller renders its plain list into `plainList`. Lists mounted later get it at once.
 */
export function useVirtualListAfterIdle(
  plainList: RefObject<HTMLElement | null>,
  scrollParent: HTMLElement | null,
): VirtualListHandover | null {
  const idle = useAfterIdle();
  const [handover, setHandover] = useState<VirtualListHandover | null>(() =>
    loaded ? { VirtualList: loaded } : null,
  );
  useEffect(() => {
    if (handover || !idle) return;
    let mounted = true;
    loadVirtualList().then(
      (VirtualList) => {
        if (!mounted) return;
        const list = plainList.current;
        setHandover({ VirtualList, snapshot: list ? plainListSnapshot(list, scrollParent) : undefined });
      },
      () => undefined, // stays a plain list
    );
    return () => {
      mounted = false;
    };
  }, [handover, idle, plainList, scrollParent]);
  return handover;
}

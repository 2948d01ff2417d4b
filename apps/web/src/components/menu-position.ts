export interface MenuPosition {
  top: number;
  left: number;
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

interface Size {
  width: number;
  height: number;
}

/** Space kept between the menu and its button, and between the menu and the window's edges. */
const GAP = 4;
const EDGE = 8;

/**
 * Where a menu of `menu` size goes for a button at `anchor` in a window of `viewport` size (fixed
 * coordinates): under the button, right edges aligned; above it when it does not fit below and fits better
 * above; always kept inside the window.
 */
export function menuPosition(anchor: Box, menu: Size, viewport: Size): MenuPosition {
  const below = viewport.height - anchor.bottom - GAP - EDGE;
  const above = anchor.top - GAP - EDGE;
  const top = menu.height > below && above > below ? anchor.top - GAP - menu.height : anchor.bottom + GAP;
  const left = anchor.right - menu.width;
  return {
    top: Math.max(EDGE, Math.min(top, viewport.height - EDGE - menu.height)),
    left: Math.max(EDGE, Math.min(left, viewport.width - EDGE - menu.width)),
  };
}

/** The pan and zoom of a picture in the media viewer: translate(x, y) then scale, about its centre. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const FIT: View = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** What a double click or tap zooms to. */
export const DOUBLE_TAP_SCALE = 2;

/**
 * Keeps the picture covering the place it had at scale 1: it cannot be dragged further than its zoomed
 * overhang (`width`, `height`: its size at scale 1).
 */
export function clampView(view: View, width: number, height: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  const overX = ((scale - 1) * width) / 2;
  const overY = ((scale - 1) * height) / 2;
  return {
    scale,
    x: Math.min(overX, Math.max(-overX, view.x)),
    y: Math.min(overY, Math.max(-overY, view.y)),
  };
}

/**
 * Zooms to `scale` keeping the picture's point under (px, py) where it is; the point is relative to the
 * picture's centre at scale 1, in screen pixels.
 */
export function zoomAround(view: View, scale: number, px: number, py: number): View {
  const ratio = scale / view.scale;
  return { scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

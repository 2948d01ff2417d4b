import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { DOUBLE_TAP_SCALE, FIT, clampView, zoomAround, type View } from './zoom';

const DOUBLE_TAP_MS = 300;

/** The point of an event relative to the element's centre at scale 1 (its layout box, not the transform). */
function fromCentre(element: HTMLElement, view: View, clientX: number, clientY: number) {
  const box = element.getBoundingClientRect();
  // the box is the transformed one: its centre moved by the pan
  return {
    x: clientX - (box.left + box.width / 2) + view.x,
    y: clientY - (box.top + box.height / 2) + view.y,
  };
}

/**
 * A picture of the media viewer that zooms (double click or tap, wheel, pinch, or the viewer's zoom button
 * through `view`) and pans by dragging once zoomed. At scale 1 the pointer events go on to the stage
 * (swipes to the neighbours, a click beside it closes).
 */
export function ZoomableImage({
  src,
  alt,
  view,
  onView,
}: {
  src: string;
  alt: string;
  view: View;
  onView: (view: View) => void;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const lastTap = useRef(0);
  const lastPointer = useRef('mouse');
  const [dragging, setDragging] = useState(false);
  const latest = useRef(view);
  latest.current = view;

  const apply = (next: View) => {
    const image = ref.current;
    onView(image ? clampView(next, image.offsetWidth, image.offsetHeight) : next);
  };

  // a wheel listener of our own: React's is passive, and the page must not scroll behind the viewer
  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const current = latest.current;
      const point = fromCentre(image, current, event.clientX, event.clientY);
      const scale = current.scale * Math.exp(-event.deltaY * 0.002);
      const next = zoomAround(current, Math.max(1, scale), point.x, point.y);
      onView(clampView(next, image.offsetWidth, image.offsetHeight));
    };
    image.addEventListener('wheel', onWheel, { passive: false });
    return () => image.removeEventListener('wheel', onWheel);
  }, [onView]);

  function toggleAt(clientX: number, clientY: number) {
    const image = ref.current;
    if (!image) return;
    if (view.scale > 1) return apply(FIT);
    const point = fromCentre(image, view, clientX, clientY);
    apply(zoomAround(view, DOUBLE_TAP_SCALE, point.x, point.y));
  }

  function onPointerDown(event: PointerEvent<HTMLImageElement>) {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    lastPointer.current = event.pointerType;
    if (event.pointerType === 'touch') {
      const now = event.timeStamp;
      if (pointers.current.size === 1 && now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        toggleAt(event.clientX, event.clientY);
        event.stopPropagation();
        return;
      }
      lastTap.current = now;
    }
    // zoomed, or two fingers: the gesture is ours (no swipe to a neighbour)
    if (view.scale > 1 || pointers.current.size > 1) {
      event.stopPropagation();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(true);
    }
  }

  function onPointerMove(event: PointerEvent<HTMLImageElement>) {
    const before = pointers.current.get(event.pointerId);
    if (!before || !ref.current) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const after = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, after);
    const other = others[0]?.[1];
    if (other) {
      // pinch: the distance between the fingers sets the scale, about their midpoint
      const ratio =
        Math.hypot(after.x - other.x, after.y - other.y) / Math.hypot(before.x - other.x, before.y - other.y);
      if (!Number.isFinite(ratio) || ratio === 0) return;
      const mid = fromCentre(ref.current, view, (after.x + other.x) / 2, (after.y + other.y) / 2);
      apply(zoomAround(view, view.scale * ratio, mid.x, mid.y));
    } else if (dragging && view.scale > 1) {
      apply({ ...view, x: view.x + after.x - before.x, y: view.y + after.y - before.y });
    }
  }

  function onPointerEnd(event: PointerEvent<HTMLImageElement>) {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setDragging(false);
    if (view.scale > 1) event.stopPropagation();
  }

  const zoomed = view.scale > 1;
  return (
    <img
      ref={ref}
      className={
        zoomed
          ? 'media-viewer__media media-viewer__zoomable is-zoomed'
          : 'media-viewer__media media-viewer__zoomable'
      }
      src={src}
      alt={alt}
      draggable={false}
      data-scale={view.scale.toFixed(2)}
      style={{
        transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
        cursor: zoomed ? (dragging ? 'grabbing' : 'grab') : 'zoom-in',
      }}
      // touch screens double-tap through the pointer events (their emulated dblclick would zoom back)
      onDoubleClick={(event) => lastPointer.current !== 'touch' && toggleAt(event.clientX, event.clientY)}
      // a click on the picture never closes the viewer
      onClick={(event) => event.stopPropagation()}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  );
}

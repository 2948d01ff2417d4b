/**
 * Whether the system draws emoji in colour. Where it has no colour emoji font (many Linux desktops, older
 * Windows), emoji are shown as Twemoji images instead, as Mastodon does.
 */

/** True when some drawn pixel is clearly coloured: a black-only drawing means a monochrome or missing glyph. */
export function hasColourPixels(rgba: ArrayLike<number>): boolean {
  for (let at = 0; at + 3 < rgba.length; at += 4) {
    const [r, g, b, a] = [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!, rgba[at + 3]!];
    if (a > 64 && Math.max(r, g, b) - Math.min(r, g, b) > 48) return true;
  }
  return false;
}

/** Draws a smiley in black: a colour emoji font paints it yellow anyway. */
function drawsColourEmoji(): boolean {
  // no canvas to ask (tests, very old browsers): assume the system copes, as it did before
  if (typeof OffscreenCanvas === 'undefined') return true;
  const canvas = new OffscreenCanvas(32, 32);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return true;
  context.fillStyle = '#000';
  context.textBaseline = 'top';
  context.font = '24px sans-serif';
  context.fillText('\u{1F600}', 0, 0);
  return hasColourPixels(context.getImageData(0, 0, 32, 32).data);
}

let needed: boolean | null = null;

/** Whether emoji must be drawn as images here: asked of the system once. */
export function twemojiNeeded(): boolean {
  needed ??= !drawsColourEmoji();
  return needed;
}

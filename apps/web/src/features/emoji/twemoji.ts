/**
 * Emoji as Twemoji images (served by us from /emoji/, copied there at build time: build/twemoji.ts). A run of
 * emoji characters is found by the pattern below: flags, keycaps, and pictographs with their variation
 * selector, skin tone and zero-width-joiner sequences.
 */
export const EMOJI_PATTERN =
  /\p{RI}\p{RI}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{EMod})?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{EMod})?)*/gu;

/** Characters that are text unless a variation selector asks for the emoji form (©, ®, ™, ‼ …). */
const TEXT_BY_DEFAULT =
  /^[\u00A9\u00AE\u203C\u2049\u2122\u2139\u2194-\u2199\u21A9\u21AA\u2328\u23CF\u24C2\u25AA\u25AB\u25B6\u25C0\u25FB\u25FC\u2600-\u2604\u260E\u2611\u2618\u261D\u2620\u2622\u2623\u2626\u262A\u262E\u262F\u2638-\u263A\u2640\u2642\u265F\u2660\u2663\u2665\u2666\u2668\u267B\u267E\u2692\u2694-\u2697\u2699\u269B\u269C\u26A0\u26A7\u26B0\u26B1\u26C8\u26CF\u26D1\u26D3\u26E9\u26F0\u26F1\u26F4\u26F7\u26F8\u26F9\u2702\u2708\u2709\u270C\u270D\u270F\u2712\u2714\u2716\u271D\u2721\u2733\u2734\u2744\u2747\u2763\u2764\u27A1\u2934\u2935\u2B05-\u2B07\u3030\u303D\u3297\u3299]$/u;

/** The Twemoji file of an emoji: its code points in hex, the variation selector dropped unless joined (ZWJ). */
export function twemojiFile(emoji: string): string {
  const kept = emoji.includes('\u200D') ? emoji : emoji.replace(/\uFE0F/g, '');
  return `${Array.from(kept, (char) => char.codePointAt(0)!.toString(16)).join('-')}.svg`;
}

export type TextPart = { text: string } | { emoji: string; src: string };

/** `text` cut into plain runs and emoji, each emoji with its image's address. */
export function splitEmoji(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI_PATTERN)) {
    const emoji = match[0];
    if (TEXT_BY_DEFAULT.test(emoji)) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ emoji, src: `/emoji/${twemojiFile(emoji)}` });
    last = match.index + emoji.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** An image for one emoji: sized to the text by CSS (.emoji), the emoji itself its text alternative. */
export function emojiImage(emoji: string, src: string): HTMLImageElement {
  const image = document.createElement('img');
  image.className = 'emoji';
  image.alt = emoji;
  image.draggable = false;
  image.src = src;
  return image;
}

/** Replaces the emoji in the text of `root` (sanitized server HTML, not React's) by their images. */
export function emojifyElement(root: Element): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const node of texts) {
    const parts = splitEmoji(node.data);
    if (!parts.some((part) => 'emoji' in part)) continue;
    node.replaceWith(
      ...parts.map((part) => ('emoji' in part ? emojiImage(part.emoji, part.src) : part.text)),
    );
  }
}

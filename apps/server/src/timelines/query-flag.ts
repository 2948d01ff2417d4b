import { z } from 'zod';

/** A boolean query parameter as Mastodon clients send it: true/false, 1/0 or on/off. */
export const queryFlag = z
  .preprocess((value) => {
    if (typeof value !== 'string') return value;
    const lower = value.toLowerCase();
    if (['true', '1', 'on'].includes(lower)) return true;
    if (['false', '0', 'off', ''].includes(lower)) return false;
    return value;
  }, z.boolean())
  .optional();

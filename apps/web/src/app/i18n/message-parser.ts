/**
 * Code whose texts are written in it (`defaultMessage`, not in the compiled catalogue) loads through this:
 * the ICU parser comes first, so that its texts with arguments and plurals format (rather than showing
 * "{name} is typing...").
 */
export async function withMessageParser<T>(load: () => Promise<T>): Promise<T> {
  await import('./icu-parser');
  return load();
}

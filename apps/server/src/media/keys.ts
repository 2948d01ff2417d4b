/** Refuses keys that could leave the store's root. */
export function checkMediaKey(key: string): string {
  const parts = key.split('/');
  if (
    !key ||
    key.startsWith('/') ||
    key.includes('\\') ||
    parts.some((part) => !part || part === '..' || part === '.')
  ) {
    throw new Error(`Invalid media key "${key}"`);
  }
  return key;
}

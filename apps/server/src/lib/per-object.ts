/**
 * A value per object (a database, a server context), made on first use and dropped with the object: e.g. what a
 * process keeps per database, since tests run several databases in one process.
 */
export function perObject<K extends object, V>(make: () => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = make();
      values.set(key, value);
    }
    return value;
  };
}

/** Keeps `map` to its `size` newest entries (in insertion order: an entry set again counts as new). */
export function keepNewest(map: Map<unknown, unknown>, size: number): void {
  while (map.size > size) map.delete(map.keys().next().value);
}

// A small cache of loads keyed by pathname: a link's prefetch (on hover, focus or touch) and the
// navigation that follows share one request. Bounded (the least recently used entry goes first), entries
// expire after `maxAgeMs` (so a long visit still sees fresh data), and a failed load is forgotten at once,
// so the next call tries again.

export interface ViewCache<V> {
  /** The cached load of `pathname`, or a new one. */
  get(pathname: string): Promise<V>;
  /** Stores a value that is already known (the server-rendered first page). */
  set(pathname: string, value: V): void;
  has(pathname: string): boolean;
  readonly size: number;
}

export interface ViewCacheOptions {
  limit?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export function createViewCache<V>(
  load: (pathname: string) => Promise<V>,
  { limit = 20, maxAgeMs = 5 * 60_000, now = Date.now }: ViewCacheOptions = {},
): ViewCache<V> {
  const entries = new Map<string, { promise: Promise<V>; at: number }>();

  const fresh = (pathname: string) => {
    const entry = entries.get(pathname);
    if (!entry) return undefined;
    if (now() - entry.at > maxAgeMs) {
      entries.delete(pathname);
      return undefined;
    }
    return entry;
  };

  const put = (pathname: string, promise: Promise<V>) => {
    entries.delete(pathname);
    entries.set(pathname, { promise, at: now() });
    while (entries.size > limit) entries.delete(entries.keys().next().value as string);
  };

  return {
    get(pathname) {
      const hit = fresh(pathname);
      if (hit) {
        // Most recently used goes last, so the bound drops the least recently used.
        entries.delete(pathname);
        entries.set(pathname, hit);
        return hit.promise;
      }
      const promise = load(pathname);
      put(pathname, promise);
      promise.catch(() => {
        if (entries.get(pathname)?.promise === promise) entries.delete(pathname);
      });
      return promise;
    },
    set(pathname, value) {
      put(pathname, Promise.resolve(value));
    },
    has(pathname) {
      return fresh(pathname) !== undefined;
    },
    get size() {
      return entries.size;
    },
  };
}

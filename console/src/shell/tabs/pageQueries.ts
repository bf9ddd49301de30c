import type { QueryClient } from '@tanstack/react-query';

/**
 * The queries one cached page uses. Each cached page renders under its own QueryClientProvider whose
 * client is the app's client seen through a proxy: everything goes to the shared client (one cache,
 * one set of defaults), but every query the page builds or reads passes through
 * `defaultQueryOptions`, which notes its hash here. When the page is shown again, exactly these
 * queries are refetched (the page keeps its state: filters, scroll, open panels).
 */
export interface PageQueries {
  client: QueryClient;
  hashes: Set<string>;
}

export function pageQueries(shared: QueryClient): PageQueries {
  const hashes = new Set<string>();
  const client = new Proxy(shared, {
    get(target, prop) {
      if (prop === 'defaultQueryOptions') {
        return (options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
          const defaulted = target.defaultQueryOptions(options);
          hashes.add(defaulted.queryHash);
          return defaulted;
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      // the client's methods use private fields: call them on the real client
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client, hashes };
}

/**
 * A cached page is shown again: its queries are marked stale and the ones it still observes refetch
 * (their current data stays on screen until the new data arrives). Hashes of queries the cache has
 * dropped are forgotten.
 */
export function refetchPageQueries(shared: QueryClient, page: PageQueries): Promise<void> {
  const cache = shared.getQueryCache();
  for (const hash of [...page.hashes]) if (!cache.get(hash)) page.hashes.delete(hash);
  if (!page.hashes.size) return Promise.resolve();
  return shared.invalidateQueries({ predicate: (q) => page.hashes.has(q.queryHash), refetchType: 'active' });
}

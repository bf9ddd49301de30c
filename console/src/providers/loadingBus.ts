/**
 * The blocking loader of SPEC.md §8: the API client reports requests whose url contains `doEdit`;
 * <BlockingLoader> shows a backdrop while any of them is in flight (a count, so overlapping
 * requests keep it up until the last one ends).
 */
type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();

export const loadingBus = {
  set(loading: boolean) {
    inFlight = Math.max(0, inFlight + (loading ? 1 : -1));
    for (const listener of listeners) listener();
  },
  isLoading: () => inFlight > 0,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Messages from the API client's global notify (calls made outside the dataProvider) reach the UI
 * through this tiny bus; <ClientNotifications> (rendered beside react-admin's notification) shows them.
 */
export type BusMessage = { kind: 'error' | 'success'; text: string };
type Listener = (message: BusMessage) => void;

const listeners = new Set<Listener>();
const pending: BusMessage[] = [];

export const notifyBus = {
  emit(message: BusMessage) {
    if (listeners.size === 0) pending.push(message);
    for (const listener of listeners) listener(message);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    while (pending.length) listener(pending.shift()!);
    return () => listeners.delete(listener);
  },
};

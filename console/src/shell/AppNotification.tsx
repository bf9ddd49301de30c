import { useEffect } from 'react';
import { Notification, useNotify } from 'react-admin';
import { notifyBus } from '../providers/notifyBus.ts';

/** Messages last 3000 ms (SPEC.md §9). */
export const MESSAGE_DURATION = 3000;

/** Forwards the API client's global messages (calls outside the dataProvider) to react-admin's notifications. */
const ClientNotifications = () => {
  const notify = useNotify();
  useEffect(
    () =>
      notifyBus.subscribe(({ kind, text }) =>
        notify(text, { type: kind === 'error' ? 'error' : 'success', autoHideDuration: MESSAGE_DURATION, messageArgs: { _: text } }),
      ),
    [notify],
  );
  return null;
};

/** react-admin's notification with the product's duration, plus the client bridge. Rendered on every page, login included. */
export const AppNotification = () => (
  <>
    <Notification autoHideDuration={MESSAGE_DURATION} />
    <ClientNotifications />
  </>
);

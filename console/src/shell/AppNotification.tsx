import { useEffect, useSyncExternalStore } from 'react';
import { Notification, useNotify, useTranslate } from 'react-admin';
import { Backdrop, CircularProgress, Typography } from '@mui/material';
import { loadingBus } from '../providers/loadingBus.ts';
import { notifyBus } from '../providers/notifyBus.ts';
import { appConfig } from '../config.ts';

/** Forwards the API client's global messages (calls outside the dataProvider) to react-admin's notifications. */
const ClientNotifications = () => {
  const notify = useNotify();
  useEffect(
    () =>
      notifyBus.subscribe(({ kind, text }) =>
        notify(text, { type: kind === 'error' ? 'error' : 'success', autoHideDuration: appConfig.messageDuration, messageArgs: { _: text } }),
      ),
    [notify],
  );
  return null;
};

/** Covers the page while a `doEdit` request is in flight, with the loading text of SPEC.md §9. */
const BlockingLoader = () => {
  const translate = useTranslate();
  const loading = useSyncExternalStore(loadingBus.subscribe, loadingBus.isLoading);
  return (
    <Backdrop open={loading} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }} data-testid="blocking-loader">
      <CircularProgress color="inherit" />
      <Typography>{translate('pv.loading')}</Typography>
    </Backdrop>
  );
};

/** react-admin's notification with the product's duration, the client bridge and the blocking loader. Rendered on every page, login included. */
export const AppNotification = () => (
  <>
    {/* messages last appConfig.messageDuration (3000 ms, SPEC.md §9) */}
    <Notification autoHideDuration={appConfig.messageDuration} />
    <ClientNotifications />
    <BlockingLoader />
  </>
);

import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Snackbar } from '@mui/material';
import { applyUpdate, registerServiceWorker, SW_UPDATE_EVENT } from './register.ts';

/** "A new version is available — refresh": shown when the service worker publishes an update. */
const UpdatePrompt = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onUpdate = () => setOpen(true);
    window.addEventListener(SW_UPDATE_EVENT, onUpdate);
    registerServiceWorker();
    return () => window.removeEventListener(SW_UPDATE_EVENT, onUpdate);
  }, []);
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      <Alert
        severity="info"
        variant="filled"
        className="pv-pwa-update"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setOpen(false)}>
              {translate('pv.pwa.later')}
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={applyUpdate}>
              {translate('pv.pwa.refresh')}
            </Button>
          </>
        }
      >
        {translate('pv.pwa.update')}
      </Alert>
    </Snackbar>
  );
};

export default UpdatePrompt;

import { useTranslate } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { settings } from '../settings/store.ts';

/** The top bar's lock icon (SPEC.md §4): locks the screen (persisted; the layout hides the sidebar). */
export const LockButton = () => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('pv.lock.lock')}>
      <IconButton color="inherit" aria-label={translate('pv.lock.lock')} onClick={() => settings.set({ lock: true })}>
        <LockIcon />
      </IconButton>
    </Tooltip>
  );
};

import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { Box, CircularProgress, Typography } from '@mui/material';

/**
 * #/daping (大屏): leaves the console for the standalone big-screen app at /daping/. It is served from
 * the same origin and reads the same session from localStorage, so no token goes into the URL.
 */
export default function DapingRedirect() {
  const translate = useTranslate();
  useEffect(() => {
    window.location.replace(`${window.location.pathname.replace(/[^/]*$/, '')}daping/`);
  }, []);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, height: '100vh' }}>
      <CircularProgress size={24} />
      <Typography>{translate('pv.route.daping')}</Typography>
    </Box>
  );
}

import { useTimeout, useTranslate } from 'react-admin';
import { Box, CircularProgress, Typography } from '@mui/material';

/**
 * What a page or view shows while it loads: a spinner and the loading text of SPEC.md §9
 * (appConfig.loadingText 正在加载中... / Loading..., the `pv.loading` key), instead of react-admin's
 * 加载中 / 请稍候. Like react-admin's <Loading>, nothing during the first second (no flash).
 */
export const PageLoading = ({ delay = 1000 }: { delay?: number }) => {
  const translate = useTranslate();
  const shown = useTimeout(delay);
  if (!shown) return null;
  return (
    <Box
      data-testid="page-loading"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 3, height: '100%', py: 6, color: 'text.secondary' }}
    >
      <CircularProgress size={56} />
      <Typography variant="h6">{translate('pv.loading')}</Typography>
    </Box>
  );
};

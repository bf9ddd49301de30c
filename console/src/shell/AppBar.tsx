import { AppBar as RaAppBar, LocalesMenuButton, RefreshIconButton, TitlePortal, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { LOCALES } from '../providers/i18nProvider.ts';
import { SunLogo } from './SunLogo.tsx';

/** Top bar: product name, page title, language switch (persisted), refresh, user menu with logout. */
export const AppBar = () => {
  const translate = useTranslate();
  return (
    <RaAppBar
      color="primary"
      toolbar={
        <>
          {/* on a phone the language button is its icon only: the page title needs the room */}
          <Box
            sx={(theme) => ({
              display: 'flex',
              [theme.breakpoints.down('sm')]: {
                '& .MuiButton-root': { fontSize: 0, minWidth: 0 },
                '& .MuiButton-startIcon': { mr: 0 },
                '& .MuiButton-endIcon': { display: 'none' },
              },
            })}
          >
            <LocalesMenuButton languages={LOCALES} />
          </Box>
          <RefreshIconButton />
        </>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}>
        <SunLogo size={26} />
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
          {translate('pv.title')}
        </Typography>
      </Box>
      <Box sx={{ borderLeft: '1px solid rgba(255,255,255,.3)', height: 20, mr: 2, display: { xs: 'none', sm: 'block' } }} />
      <TitlePortal />
    </RaAppBar>
  );
};

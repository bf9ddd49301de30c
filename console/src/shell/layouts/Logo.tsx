import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SunLogo } from '../SunLogo.tsx';

/** The product logo and title; `folded` shows the logo only. */
export const Logo = ({ folded = false, color, height = 56 }: { folded?: boolean; color?: string; height?: number }) => {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to="/"
      // folded, the logo is a picture only: the link still says where it goes
      aria-label={folded ? translate('pv.title') : undefined}
      data-testid="logo"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: folded ? 'center' : 'flex-start', gap: 1, height, px: folded ? 0 : 2, flex: 'none', color: color ?? 'inherit', textDecoration: 'none', overflow: 'hidden' }}
    >
      <SunLogo size={28} />
      {folded ? null : (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 17, whiteSpace: 'nowrap' }}>
          {translate('pv.title')}
        </Typography>
      )}
    </Box>
  );
};

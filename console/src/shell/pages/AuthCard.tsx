import type { ReactNode } from 'react';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { Box, Paper, Typography } from '@mui/material';
import { LOCALES } from '../../providers/i18nProvider.ts';
import { SunLogo } from '../SunLogo.tsx';

/** The frame of the public sign-in pages (register, callback): logo, title, language, a card. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', bgcolor: '#f3f6fa', p: 3, position: 'relative' }}>
      <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
        <LocalesMenuButton languages={LOCALES} />
      </Box>
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 420, p: 5, borderRadius: 3, boxShadow: '0 12px 40px rgba(11,59,96,.12)' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <SunLogo size={36} />
          <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600, color: '#0b3b60' }}>
            {translate('pv.login.title')}
          </Typography>
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: '#0b3b60', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
        {translate('pv.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
};

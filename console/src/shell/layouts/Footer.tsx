import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Copyright with the current year and the title (SPEC.md §9). */
export const Footer = () => {
  const translate = useTranslate();
  return (
    <Box component="footer" data-testid="footer" sx={{ py: 1.5, textAlign: 'center', fontSize: 13, color: 'text.secondary', flex: 'none' }}>
      {translate('pv.shell.copyright', { year: new Date().getFullYear(), title: translate('pv.title') })}
    </Box>
  );
};

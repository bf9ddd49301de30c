import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';

/** A titled card on a detail page; `actions` sit at the right of the title. */
export const Panel = ({ title, children, actions, testId }: { title: string; children: ReactNode; actions?: ReactNode; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1.5 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
            {translate(title)}
          </Typography>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};

/** Labelled fields in two columns on phones, three on desktops. */
export const FieldGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>{children}</Box>
);

/** Main column and a side column (timeline, history) on wide screens; stacked on narrow ones. */
export const DetailColumns = ({ main, side }: { main: ReactNode; side: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, pt: 1 }}>
    <Box sx={{ minWidth: 0 }}>{main}</Box>
    <Box sx={{ minWidth: 0 }}>{side}</Box>
  </Box>
);

/** "Nothing yet" inside a panel. */
export const EmptyNote = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
};

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

/**
 * The one layout of every detail page: the record's panels take the page's full width (its tables
 * need it), and the activity — status timeline, change history and other side lists, each a panel —
 * follows below, side by side where there is room (like an issue tracker's activity under the issue).
 */
export const DetailColumns = ({ main, side }: { main: ReactNode; side: ReactNode }) => (
  <Box sx={{ pt: 1 }}>
    <Box sx={{ minWidth: 0 }} data-testid="detail-main">
      {main}
    </Box>
    <Box
      component="section"
      data-testid="detail-activity"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fit, minmax(420px, 1fr))' }, columnGap: 2, alignItems: 'start' }}
    >
      {side}
    </Box>
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

/** Text for screen readers only (a header cell over row buttons, an icon's name). */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 }}>
    {children}
  </Box>
);

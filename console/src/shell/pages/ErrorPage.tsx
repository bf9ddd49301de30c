import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';

/** The 403 and 404 views (SPEC.md §2): a plain message and a way home. */
const ErrorPage = ({ code, title, text }: { code: 403 | 404; title: string; text: string }) => {
  const translate = useTranslate();
  return (
    <Box data-testid={`page-${code}`} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', gap: 2, p: 4, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontWeight: 700, color: 'primary.main', fontSize: { xs: 64, md: 96 } }}>
        {code}
      </Typography>
      <Typography variant="h5">{translate(title)}</Typography>
      <Typography color="text.secondary">{translate(text)}</Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('pv.routing.back_home')}
      </Button>
    </Box>
  );
};

export const ForbiddenPage = () => <ErrorPage code={403} title="pv.routing.forbidden_title" text="pv.routing.forbidden" />;
export const NotFoundPage = () => <ErrorPage code={404} title="pv.routing.not_found_title" text="pv.routing.not_found" />;

/** A route the user may not open shows 403; any other unknown path goes to /404 (SPEC.md §2). */
export function useIsKnownPath(known: (path: string) => boolean) {
  return known(useLocation().pathname);
}

import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { routeTrail } from '../routes/convert.ts';
import { useAppRoutes } from '../routes/useAppRoutes.ts';
import { MenuIconOf } from '../menu/icons.tsx';
import { useRouteTitle } from '../menu/useMenu.ts';

/** The route trail of the current page (routes marked breadcrumbHidden are left out). */
export const Breadcrumb = ({ color }: { color?: string }) => {
  const routes = useAppRoutes();
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const trail = routeTrail(routes, pathname).filter((r) => !r.meta.breadcrumbHidden);
  if (trail.length === 0) return null;
  return (
    <Breadcrumbs aria-label="breadcrumb" data-testid="breadcrumb" sx={{ fontSize: 14, color: color ?? 'text.secondary', minWidth: 0, '& ol': { flexWrap: 'nowrap' }, '& li': { whiteSpace: 'nowrap' } }}>
      {trail.map((r, i) => {
        const last = i === trail.length - 1;
        const content = (
          <>
            <MenuIconOf icon={r.meta.icon} fontSize="inherit" />
            <span>{title(r.meta.title)}</span>
          </>
        );
        const sx = { display: 'inline-flex', alignItems: 'center', gap: 0.5 };
        return last || !r.redirect ? (
          <Typography key={r.fullPath} component="span" sx={{ ...sx, fontSize: 14, color: last ? (color ?? 'text.primary') : 'inherit' }}>
            {content}
          </Typography>
        ) : (
          <Link key={r.fullPath} component={RouterLink} to={r.redirect} underline="hover" color="inherit" sx={sx}>
            {content}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
};

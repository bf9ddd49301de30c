import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import MonitorIcon from '@mui/icons-material/MonitorOutlined';
import { CustomerStatus, formatDay, regionName, type Customer } from '@pv/contract';
import { STATUS_COLORS } from '../resources/customer/common.tsx';
import { formatDateTime, useLang } from '../resources/common/format.tsx';
import { capacityParts } from '../resources/stats/logic.ts';
import { ErrorNote } from '../resources/stats/parts.tsx';
import { Figure, Shortcuts, useServedPaths, useWelcome, type Shortcut } from '../resources/stats/welcome.tsx';
import { INTENTIONAL, FORMAL } from '../providers/resources.ts';
import { session } from '../providers/session.ts';
import { greetingKey } from './greeting.ts';

/**
 * 首页 #/index (not closable): the greeting, the user's figures from statistic/welcome (totals,
 * today, to-dos), shortcuts, and the latest customers.
 */

const HOME_SHORTCUTS: readonly Shortcut[] = [
  { path: `/${INTENTIONAL}/create`, label: 'pv.home.add_customer', icon: <AddIcon />, primary: true },
  { path: `/${INTENTIONAL}`, label: 'pv.route.intentionalCustomer' },
  { path: `/${FORMAL}`, label: 'pv.route.customerList' },
  { path: '/workbench', label: 'pv.route.workbench' },
  { path: '/dashboard', label: 'pv.route.dashboard' },
];

/** a day as `YYYY-MM-DD`, China time */
const formatDate = (value: string | null | undefined, _lang?: string) => formatDay(value) ?? '';

/** The latest few customers of a list, each opening its detail view. */
const RecentCustomers = ({ title, resource, sortField, dateField }: { title: string; resource: string; sortField: string; dateField: 'created_at' | 'signed_at' }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useGetList<Customer>(resource, { pagination: { page: 1, perPage: 6 }, sort: { field: sortField, order: 'DESC' }, filter: {} });
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {translate(title)}
          </Typography>
          <Button size="small" component={Link} to={`/${resource}`} sx={{ textTransform: 'none' }}>
            {translate('pv.home.view_all')}
          </Button>
        </Box>
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={48} />)
        ) : !data?.length ? (
          <Typography variant="body2" color="text.secondary">
            {translate('pv.home.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {data.map((c) => (
              // each link inside its <li>: a list holds list items only (axe: list)
              <ListItem key={c.id} disablePadding>
                <ListItemButton component={Link} to={`/${resource}/${c.id}/show`} sx={{ px: 1, borderRadius: 1 }}>
                  <ListItemText
                    primary={c.name}
                    secondary={[
                      [regionName(c.province_code, lang), c.city_code ? regionName(c.city_code, lang) : ''].filter(Boolean).join(' / '),
                      dateField === 'signed_at' ? formatDate(c.signed_at, lang) : formatDateTime(c.created_at, lang),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                  <Chip size="small" label={CustomerStatus.label(c.status, lang)} color={STATUS_COLORS[c.status] ?? 'default'} variant={c.status === 'surveyed' ? 'outlined' : 'filled'} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

/** The welcome reply's figures in one card. */
const FigureCard = ({ title, children, testId, to, linkLabel, columns = 'repeat(3, minmax(0, 1fr))' }: { title: string; children: ReactNode; testId: string; to?: string; linkLabel?: string; columns?: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" alignItems="center" sx={{ mb: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {translate(title)}
          </Typography>
          {to && (
            <Button size="small" component={Link} to={to} sx={{ textTransform: 'none' }}>
              {translate(linkLabel ?? 'pv.home.view')}
            </Button>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: columns, gap: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
};

const Home = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { identity } = useGetIdentity();
  const welcome = useWelcome();
  const d = welcome.data;
  const pending = welcome.isPending;
  const served = useServedPaths();
  const todo = d ? d.todo.to_dispatch + d.todo.to_review + d.todo.overdue + d.todo.matters_open : undefined;
  const mine = d ? d.mine.orders + d.mine.matters : undefined;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="home">
      <Title title={translate('pv.home.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 0.5, mt: 1 }}>
        {translate('pv.welcome', { greeting: translate(greetingKey()), name: identity?.fullName ?? session.displayName() })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {translate('pv.home.overview')}
        {d && ` · ${translate('pv.dash.as_of', { time: formatDateTime(d.as_of, lang) })}`}
      </Typography>
      {welcome.error ? (
        <ErrorNote error={welcome.error} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2, mb: 3 }}>
          <FigureCard title="pv.home.totals" testId="home-totals" columns="minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.6fr)" to={served('/dashboard') ? '/dashboard' : undefined} linkLabel="pv.route.dashboard">
            <Figure label="pv.home.customers" value={d?.totals.customers} pending={pending} testId="welcome-customers" />
            <Figure label="pv.home.stations" value={d?.totals.stations} pending={pending} testId="welcome-stations" />
            <Figure label="pv.home.grid_kwp" {...capacityParts(d?.totals.grid_kwp, lang)} pending={pending} testId="welcome-grid-kwp" />
          </FigureCard>
          <FigureCard title="pv.home.today_title" testId="home-today">
            <Figure label="pv.home.today" value={d?.today.customers} pending={pending} testId="welcome-today-customers" />
            <Figure label="pv.home.today_signed" value={d?.today.signed} pending={pending} testId="welcome-today-signed" />
            <Figure label="pv.home.today_grid" value={d?.today.grid_connected} pending={pending} testId="welcome-today-grid" />
          </FigureCard>
          <FigureCard title="pv.home.todo_title" testId="home-todo" to={served('/workbench') ? '/workbench' : undefined} linkLabel="pv.route.workbench">
            <Figure label="pv.home.todo" value={todo} pending={pending} testId="welcome-todo" />
            <Figure label="pv.home.mine" value={mine} pending={pending} testId="welcome-mine" />
            <Figure label="pv.home.unread" value={d?.mine.unread_messages} pending={pending} testId="welcome-unread" />
          </FigureCard>
        </Box>
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('pv.home.shortcuts')}
      </Typography>
      <Shortcuts items={HOME_SHORTCUTS}>
        {session.getIdentity() === 'system' && (
          <Button variant="outlined" size="small" href="/daping/" target="_blank" rel="noopener" startIcon={<MonitorIcon />} sx={{ textTransform: 'none' }}>
            {translate('pv.home.open_daping')}
          </Button>
        )}
      </Shortcuts>
      {served(`/${INTENTIONAL}`) && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 3 }}>
          <RecentCustomers title="pv.home.recent_intentional" resource={INTENTIONAL} sortField="created_at" dateField="created_at" />
          {served(`/${FORMAL}`) && <RecentCustomers title="pv.home.recent_formal" resource={FORMAL} sortField="signed_at" dateField="signed_at" />}
        </Box>
      )}
    </Box>
  );
};
export default Home;

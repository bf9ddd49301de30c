import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, CardActionArea, CardContent, Chip, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { CustomerStatus, regionName, type Customer } from '@pv/contract';
import { STATUS_COLORS } from '../resources/customer/common.tsx';
import { formatDateTime, useLang } from '../resources/common/format.tsx';
import PersonSearchIcon from '@mui/icons-material/PersonSearchOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import PersonOffIcon from '@mui/icons-material/PersonOffOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import AddIcon from '@mui/icons-material/Add';
import MonitorIcon from '@mui/icons-material/MonitorOutlined';
import { INTENTIONAL, FORMAL } from '../providers/resources.ts';
import { session } from '../providers/session.ts';
import { greetingKey } from './greeting.ts';

/** The total of a customer list under a filter (one row fetched: the index endpoint returns the total). */
function useTotal(resource: string, filter: Record<string, unknown> = {}) {
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' }, filter });
  return { total: total ?? 0, isPending, error };
}

const filterLink = (resource: string, filter?: Record<string, unknown>) =>
  `/${resource}${filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`;

const StatCard = ({ label, value, pending, to, icon, color, testid }: { label: string; value: number | string; pending: boolean; to: string; icon: ReactElement; color: string; testid: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ borderTop: `3px solid ${color}` }}>
      <CardActionArea component={Link} to={to} aria-label={`${translate(label)} ${translate('pv.home.view')}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ width: 48, height: 48, borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: `${color}1f`, color }}>{icon}</Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {translate(label)}
            </Typography>
            {pending ? (
              <Skeleton width={60} height={40} />
            ) : (
              <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={testid}>
                {value}
              </Typography>
            )}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

const formatDate = (value: string | null | undefined, lang: string) =>
  value ? new Date(value).toLocaleDateString(lang === 'en' ? 'en-GB' : 'zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit' }) : '';

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
          <Button size="small" component={Link} to={`/${resource}`}>
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
              <ListItemButton key={c.id} component={Link} to={`/${resource}/${c.id}/show`} sx={{ px: 1, borderRadius: 1 }}>
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
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const Home = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const intentional = useTotal(INTENTIONAL);
  const formal = useTotal(FORMAL);
  const lost = useTotal(INTENTIONAL, { status: 'lost' });
  const newToday = useTotal(INTENTIONAL, { created_at_gte: today() });
  const denominator = intentional.total + formal.total;
  const rate = denominator ? `${((formal.total / denominator) * 100).toFixed(1)}%` : '-';
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('pv.home.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 0.5, mt: 1 }}>
        {translate('pv.welcome', { greeting: translate(greetingKey()), name: identity?.fullName ?? session.displayName() })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {translate('pv.home.overview')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' }, gap: 2, mb: 3 }}>
        <StatCard label="pv.home.intentional" value={intentional.total} pending={intentional.isPending} to={filterLink(INTENTIONAL)} icon={<PersonSearchIcon />} color="#0b5fa5" testid="stat-intentional" />
        <StatCard label="pv.home.formal" value={formal.total} pending={formal.isPending} to={filterLink(FORMAL)} icon={<HowToRegIcon />} color="#2e7d32" testid="stat-formal" />
        <StatCard label="pv.home.lost" value={lost.total} pending={lost.isPending} to={filterLink(INTENTIONAL, { status: 'lost' })} icon={<PersonOffIcon />} color="#d32f2f" testid="stat-lost" />
        <StatCard label="pv.home.today" value={newToday.total} pending={newToday.isPending} to={filterLink(INTENTIONAL, { created_at_gte: today() })} icon={<TodayIcon />} color="#f5a623" testid="stat-today" />
        <StatCard label="pv.home.conversion" value={rate} pending={intentional.isPending || formal.isPending} to={filterLink(FORMAL)} icon={<HowToRegIcon />} color="#6a1b9a" testid="stat-conversion" />
      </Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('pv.home.shortcuts')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={Link} to={`/${INTENTIONAL}/create`} startIcon={<AddIcon />}>
          {translate('pv.home.add_customer')}
        </Button>
        <Button variant="outlined" component={Link} to={`/${INTENTIONAL}`}>
          {translate('pv.route.intentionalCustomer')}
        </Button>
        <Button variant="outlined" component={Link} to={`/${FORMAL}`}>
          {translate('pv.route.customerList')}
        </Button>
        {session.getIdentity() === 'system' && (
          <Button variant="outlined" href="/daping/" target="_blank" rel="noopener" startIcon={<MonitorIcon />}>
            {translate('pv.home.open_daping')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 3 }}>
        <RecentCustomers title="pv.home.recent_intentional" resource={INTENTIONAL} sortField="created_at" dateField="created_at" />
        <RecentCustomers title="pv.home.recent_formal" resource={FORMAL} sortField="signed_at" dateField="signed_at" />
      </Box>
    </Box>
  );
};
export default Home;

import { useMemo, type ReactElement, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/SendOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import AssignmentIndIcon from '@mui/icons-material/AssignmentIndOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { MyMessage, WelcomeStat } from '@pv/contract';
import { flattenRoutes } from '../../shell/routes/convert.ts';
import { useAppRoutes } from '../../shell/routes/useAppRoutes.ts';
import { MESSAGE_CENTER_PATH } from '../../shell/notice/NoticeBell.tsx';
import { LevelDot, formatTime, openMessageLink, useMessageActions, useNotifyFeed } from '../system/message/useMessages.tsx';
import { useLang } from '../common/format.tsx';
import { useStat } from './api.ts';
import { ErrorNote } from './parts.tsx';
import { formatNumber, mineLinks, todoLinks, type TodoKey, type TodoLink } from './logic.ts';

/** statistic/welcome of the signed-in user (home page and workbench share one cached reply). */
export const useWelcome = () => useStat<WelcomeStat>('welcome', {}, { key: 'me' });

/** Which route paths the user's menu serves (a link to a list the user may not open is not drawn). */
export function useServedPaths(): (path: string) => boolean {
  const routes = useAppRoutes();
  return useMemo(() => {
    const paths = new Set(flattenRoutes(routes).map((r) => r.fullPath));
    return (path: string) => paths.has(path.split('?')[0]!);
  }, [routes]);
}

/** The rows a list link leads to, counted the way the list counts them (its index total). */
const LinkCount = ({ link, label }: { link: TodoLink; label: string }) => {
  const { total, isPending } = useGetList(link.resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' }, filter: link.filter });
  return (
    <Button
      size="small"
      component={Link}
      to={link.to}
      endIcon={<ChevronRightIcon fontSize="small" />}
      sx={{ px: 1, minWidth: 0, textTransform: 'none' }}
      data-testid={`todo-link-${link.list}`}
      data-count={isPending ? '' : (total ?? 0)}
    >
      {label} {isPending ? '…' : (total ?? 0)}
    </Button>
  );
};

const TODO_ICONS: Record<TodoKey, ReactElement> = {
  to_dispatch: <SendIcon />,
  to_review: <FactCheckIcon />,
  overdue: <AlarmIcon />,
  matters_open: <ForumIcon />,
};

const TODO_COLORS: Record<TodoKey, string> = { to_dispatch: '#1677ff', to_review: '#7b4fe0', overdue: '#e5484d', matters_open: '#f5a623' };

/** One to-do: its count (statistic/welcome) and the filtered lists it stands for. */
const TodoCard = ({ label, value, pending, links, icon, color, testId }: { label: string; value: number | undefined; pending: boolean; links: TodoLink[]; icon: ReactElement; color: string; testId: string }) => {
  const translate = useTranslate();
  const served = useServedPaths();
  const shown = links.filter((l) => served(`/${l.resource}`));
  return (
    <Card variant="outlined" sx={{ minWidth: 0, borderTop: `3px solid ${color}` }} data-testid={testId}>
      <CardContent sx={{ pb: '8px !important' }}>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Box sx={{ width: 44, height: 44, flex: 'none', borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: `${color}1f`, color }}>{icon}</Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {translate(label)}
            </Typography>
            {pending ? (
              <Skeleton width={50} height={36} />
            ) : (
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`${testId}-value`}>
                {value ?? 0}
              </Typography>
            )}
          </Box>
        </Stack>
        <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.5} sx={{ mt: 1, minHeight: 30 }}>
          {shown.map((l) =>
            links.length > 1 ? (
              <LinkCount key={l.to} link={l} label={translate(`pv.dash.kind.${l.list}`)} />
            ) : (
              <Button key={l.to} size="small" component={Link} to={l.to} endIcon={<ChevronRightIcon fontSize="small" />} sx={{ px: 1, textTransform: 'none' }} data-testid={`todo-link-${l.list}`}>
                {translate('pv.work.open_list')}
              </Button>
            ),
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};

const TODOS: readonly TodoKey[] = ['to_dispatch', 'to_review', 'overdue', 'matters_open'];

/** The four to-dos of the user's scope, each leading to its filtered lists. */
export const TodoCards = () => {
  const q = useWelcome();
  const links = useMemo(() => todoLinks(), []);
  if (q.error) return <ErrorNote error={q.error} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}>
      {TODOS.map((k) => (
        <TodoCard key={k} label={`pv.work.todo.${k}`} value={q.data?.todo[k]} pending={q.isPending} links={links[k]} icon={TODO_ICONS[k]} color={TODO_COLORS[k]} testId={`todo-${k}`} />
      ))}
    </Box>
  );
};

/** The user's own work: orders dispatched to them, matters assigned to them, unread messages. */
export const MineCards = ({ userId }: { userId: number | string | undefined }) => {
  const translate = useTranslate();
  const q = useWelcome();
  const served = useServedPaths();
  const links = userId === undefined ? null : mineLinks(userId);
  const rows: { key: string; label: string; value: number | undefined; icon: ReactElement; links: TodoLink[]; to?: string }[] = [
    { key: 'orders', label: 'pv.work.mine.orders', value: q.data?.mine.orders, icon: <EngineeringIcon />, links: links?.orders ?? [] },
    { key: 'matters', label: 'pv.work.mine.matters', value: q.data?.mine.matters, icon: <AssignmentIndIcon />, links: links?.matters ?? [] },
    { key: 'unread', label: 'pv.work.mine.unread', value: q.data?.mine.unread_messages, icon: <MailIcon />, links: [], to: MESSAGE_CENTER_PATH },
  ];
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid="mine">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('pv.work.mine.title')}
        </Typography>
        <List dense disablePadding>
          {rows.map((r) => {
            const first = r.to ?? r.links.find((l) => served(`/${l.resource}`))?.to;
            return (
              <Stack key={r.key} component="li" direction="row" alignItems="center" spacing={1.5} sx={{ py: 0.75 }}>
                <Box sx={{ color: 'text.secondary', display: 'flex' }}>{r.icon}</Box>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {translate(r.label)}
                </Typography>
                {q.isPending ? (
                  <Skeleton width={24} />
                ) : (
                  <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid={`mine-${r.key}`}>
                    {r.value ?? 0}
                  </Typography>
                )}
                <Stack direction="row" spacing={0.5}>
                  {r.links.length > 1
                    ? r.links
                        .filter((l) => served(`/${l.resource}`))
                        .map((l) => <Chip key={l.to} size="small" clickable component={Link} to={l.to} label={translate(`pv.dash.kind.${l.list}`)} />)
                    : first && <Chip size="small" clickable component={Link} to={first} label={translate('pv.work.open_list')} />}
                </Stack>
              </Stack>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
};

/** The latest messages of the bell (message get_notify): click marks read and opens the link. */
export const RecentMessages = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { list, reload } = useNotifyFeed({ toast: false });
  const { markRead } = useMessageActions(reload);
  const open = (m: MyMessage) => void (m.read ? Promise.resolve() : markRead([m.id])).then(() => openMessageLink(m.link, navigate));
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid="recent-messages">
      <CardContent sx={{ pb: '8px !important' }}>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {translate('pv.work.messages')}
          </Typography>
          <Button size="small" component={Link} to={MESSAGE_CENTER_PATH} sx={{ textTransform: 'none' }}>
            {translate('pv.home.view_all')}
          </Button>
        </Stack>
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate('pv.message.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {list.slice(0, 6).map((m) => (
              <ListItem key={m.id} disablePadding>
                <ListItemButton onClick={() => open(m)} sx={{ px: 1, borderRadius: 1, alignItems: 'flex-start', gap: 1 }} data-testid="recent-message">
                  <LevelDot level={m.level} read={m.read} />
                  <ListItemText
                    primary={m.title}
                    secondary={`${m.sender_name ?? translate('pv.message.system_sender')} · ${formatTime(m.created_at)}`}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: m.read ? 400 : 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

export interface Shortcut {
  path: string;
  label: string;
  icon?: ReactElement;
  primary?: boolean;
}

/** Buttons to common screens, those the user's menu serves. */
export const Shortcuts = ({ items, children }: { items: readonly Shortcut[]; children?: ReactNode }) => {
  const translate = useTranslate();
  const served = useServedPaths();
  const shown = items.filter((s) => served(s.path.replace(/\/create$/, '')));
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} data-testid="shortcuts">
      {shown.map((s) => (
        <Button key={s.path} variant={s.primary ? 'contained' : 'outlined'} size="small" component={Link} to={s.path} startIcon={s.icon} sx={{ textTransform: 'none' }}>
          {translate(s.label)}
        </Button>
      ))}
      {children}
    </Stack>
  );
};

/** A big number with a label (home page totals). */
export const Figure = ({ label, value, unit, pending, testId }: { label: string; value: string | number | undefined; unit?: string; pending: boolean; testId: string }) => {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap title={translate(label)}>
        {translate(label)}
      </Typography>
      {pending ? (
        <Skeleton width={60} height={40} />
      ) : (
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          <span data-testid={testId} style={{ whiteSpace: 'nowrap' }}>{typeof value === 'number' ? formatNumber(value, lang) : (value ?? '-')}</span>
          {unit && ' '}
          {unit && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {unit}
            </Typography>
          )}
        </Typography>
      )}
    </Box>
  );
};

import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { INTENTIONAL, FORMAL } from '../../providers/resources.ts';
import { session } from '../../providers/session.ts';
import { BUILD_AUDITS, BUILD_ORDERS, GRID_AUDITS, GRID_ORDERS } from '../workOrder/logic.ts';
import { MATTERS } from './logic.ts';
import { MyWorkflowTasks } from '../workflow/Tasks.tsx';
import { MineCards, RecentMessages, Shortcuts, TodoCards, type Shortcut } from './welcome.tsx';

export const WORKBENCH_SHORTCUTS: readonly Shortcut[] = [
  { path: `/${INTENTIONAL}/create`, label: 'pv.home.add_customer', icon: <AddIcon />, primary: true },
  { path: `/${INTENTIONAL}`, label: 'pv.route.intentionalCustomer' },
  { path: `/${FORMAL}`, label: 'pv.route.customerList' },
  { path: '/stationManagement/stationList', label: 'pv.route.stationList' },
  { path: `/${BUILD_ORDERS}`, label: 'pv.route.buildWorkOrderList' },
  { path: `/${GRID_ORDERS}`, label: 'pv.route.ongridWorkOrderList' },
  { path: `/${BUILD_AUDITS}`, label: 'pv.route.buildSelfAuditList' },
  { path: `/${GRID_AUDITS}`, label: 'pv.route.ongridSelfAuditList' },
  { path: `/${MATTERS}`, label: 'pv.route.gebMatter' },
  { path: '/dashboard', label: 'pv.route.dashboard' },
];

/**
 * 工作台 #/workbench: the signed-in user's to-dos with their counts (statistic/welcome), each leading
 * to the list filtered to exactly those rows; their own orders and matters; the latest messages;
 * shortcuts to the screens they use.
 */
const Workbench = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const userId = identity?.id ?? session.getUser()?.id ?? undefined;
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }} data-testid="workbench">
      <Title title={translate('pv.route.workbench')} />
      <Typography variant="h6" component="h1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {translate('pv.work.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pv.work.hint')}
      </Typography>
      <TodoCards />
      <MyWorkflowTasks />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 2, mt: 2 }}>
        <MineCards userId={userId} />
        <RecentMessages />
      </Box>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {translate('pv.home.shortcuts')}
          </Typography>
          <Shortcuts items={WORKBENCH_SHORTCUTS} />
        </CardContent>
      </Card>
    </Box>
  );
};
export default Workbench;

import { useState, type ReactElement } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import type { Agent } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useAction } from '../common/actions.tsx';
import { AGENT_API } from './common.tsx';
import { Permission } from '../../shell/Permission.tsx';

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

/**
 * 启用 / 停用: shown only when the move is possible now (not already there) and permitted. Disabling
 * asks first (its staff are signed out). A stale version shows the 409 message and refreshes.
 */
export const AgentStatusButtons = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<Agent>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const [confirm, setConfirm] = useState(false);
  if (!record) return null;
  const act = (op: 'enable' | 'disable') =>
    run(() => dataProvider.act(AGENT_API, op, { id: record.id, version: record.version }), op === 'enable' ? 'pv.agent.enabled' : 'pv.agent.disabled');
  // in a list row the buttons are icons with a tooltip (the row is wide enough already)
  const button = (op: 'enable' | 'disable', color: 'success' | 'error', icon: ReactElement, onClick: () => void) =>
    compact ? (
      <Tooltip title={translate(`pv.agent.${op}`)}>
        <IconButton size="small" color={color} disabled={busy} onClick={(e) => (stop(e), onClick())} aria-label={`${translate(`pv.agent.${op}`)} ${record.name}`} data-testid={`agent-${op}-${record.id}`}>
          {icon}
        </IconButton>
      </Tooltip>
    ) : (
      <Button color={color} startIcon={icon} disabled={busy} onClick={(e) => (stop(e), onClick())} data-testid={`agent-${op}-${record.id}`}>
        {translate(`pv.agent.${op}`)}
      </Button>
    );
  return (
    <>
      {record.status !== 'enabled' && <Permission rule={`${AGENT_API}:enable`}>{button('enable', 'success', <CheckCircleIcon fontSize="small" />, () => void act('enable'))}</Permission>}
      {record.status !== 'disabled' && <Permission rule={`${AGENT_API}:disable`}>{button('disable', 'error', <BlockIcon fontSize="small" />, () => setConfirm(true))}</Permission>}
      <Dialog open={confirm} onClose={() => setConfirm(false)} onClick={stop} aria-labelledby="agent-disable-title">
        <DialogTitle id="agent-disable-title">{translate('pv.agent.disable_confirm_title', { name: record.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('pv.agent.disable_confirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              setConfirm(false);
              await act('disable');
            }}
            data-testid="agent-disable-confirm"
          >
            {translate('pv.agent.disable')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

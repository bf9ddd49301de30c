import { useState, type ReactElement, type ReactNode } from 'react';
import { Form, useCanAccess, usePermissions, useNotify, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { contractResolver } from '../../forms/zodResolver.ts';
import type { AccessInfo } from '../../providers/authProvider.ts';
import { hasPermission } from '../../providers/permissions.ts';

/** The form's values without empty ones (an optional field left blank is not sent). */
export const present = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

/**
 * Runs a named action, shows its success message or the server's error, refreshes the view. An
 * action a process must approve first answers `workflow_request` (it did not apply yet): that is
 * said instead of the success.
 */
export function useAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await action();
      const pending = (result as { data?: { workflow_request?: { name: string } } } | undefined)?.data?.workflow_request;
      if (pending) notify('pv.workflow.request_sent', { type: 'info', messageArgs: { name: pending.name } });
      else notify(success, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

export const ActionButton = ({ label, icon, onClick, color }: { label: string; icon: ReactElement; onClick: () => void; color?: 'primary' | 'error' | 'success' }) => {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={icon} onClick={onClick} color={color ?? 'primary'}>
      {translate(label)}
    </Button>
  );
};

const EMPTY = {};

/** A dialog holding a react-admin Form validated by a contract schema (its own values, not the shown record's). */
export const FormDialog = ({
  open,
  title,
  hint,
  onClose,
  onSubmit,
  resolver,
  submitLabel,
  busy,
  wide,
  record,
  children,
}: {
  open: boolean;
  title: string;
  hint?: string;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => void;
  resolver: ReturnType<typeof contractResolver>;
  submitLabel: string;
  busy: boolean;
  /** a dialog with a table of rows (parts): md instead of sm */
  wide?: boolean;
  /** the form's first values (a dialog prefilled from a record); none by default */
  record?: Record<string, unknown>;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={wide ? 'md' : 'sm'} aria-labelledby="pv-action-dialog-title">
      <Form onSubmit={onSubmit} resolver={resolver} record={record ?? EMPTY} noValidate>
        <DialogTitle id="pv-action-dialog-title">{translate(title)}</DialogTitle>
        <DialogContent>
          {hint && <DialogContentText sx={{ mb: 2 }}>{translate(hint)}</DialogContentText>}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/** May the user run `action` on the current resource (react-admin canAccess → hasPermission of SPEC §6)? */
export const useCan = (action: string) => {
  const resource = useResourceContext() ?? '';
  return useCanAccess({ resource, action }).canAccess ?? false;
};


/** Does the user hold a permission code as such (`agent:export`, `customer:modify_password` — codes react-admin's actions do not map)? */
export const useHasPermission = (code: string) => {
  const { permissions } = usePermissions<AccessInfo>();
  return hasPermission(permissions, code);
};

import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';

/** The parts the menu and task screens share: icon actions, a loading/error frame, a delete confirmation, an action runner. */

/** An icon button with a tooltip, named "<label> <subject>" for screen readers and tests. */
export const ActionIcon = ({ show = true, label, subject, onClick, color, children }: { show?: boolean; label: string; subject: string; onClick: () => void; color?: 'error'; children: ReactNode }) =>
  !show ? null : (
    <Tooltip title={label}>
      <IconButton size="small" color={color} onClick={onClick} aria-label={`${label} ${subject}`}>
        {children}
      </IconButton>
    </Tooltip>
  );

/** A spinner while loading, the error's message on failure, else the content. */
export const LoadState = ({ isPending, error, children }: { isPending: boolean; error: unknown; children: ReactNode }) =>
  isPending ? (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress size={28} />
    </Box>
  ) : error ? (
    <Alert severity="error">{(error as Error).message}</Alert>
  ) : (
    <>{children}</>
  );

/** "Delete …?" with an optional warning; the caller does the delete. */
export const ConfirmDelete = ({ title, text, warning, onCancel, onConfirm }: { title?: string; text: string; warning?: string | null; onCancel: () => void; onConfirm: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onCancel}>
      {title && <DialogTitle>{title}</DialogTitle>}
      <DialogContent>
        <Typography>{text}</Typography>
        {warning && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {warning}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {translate('ra.action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Runs an API action, says success (a message key) or the server's message, then reloads. */
export function useRunAction(reload: () => Promise<unknown>) {
  const notify = useNotify();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    await reload();
  };
}

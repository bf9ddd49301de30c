import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatDateTime, useLang } from './format.tsx';
import { useReleaseRecord } from '../../forms/Edit.tsx';
import { conflictChanges, isVersionConflict, sameValue, type ConflictChange } from './conflict.ts';

type Row = Record<string, unknown>;

/** 重新加载: the form takes the record as it is now, over the input the user had not saved. */
const ReloadButton = ({ onReload, disabled }: { onReload: () => void; disabled: boolean }) => {
  const translate = useTranslate();
  const release = useReleaseRecord();
  const click = () => {
    release();
    onReload();
  };
  return (
    <Button onClick={click} disabled={disabled} data-testid="conflict-reload">
      {translate('pv.conflict.reload')}
    </Button>
  );
};

interface Conflict {
  id: RaRecord['id'];
  /** the record the form was opened with */
  seen: Row;
  /** the form's data as submitted */
  mine: Row;
  current: RaRecord;
  changes: ConflictChange[];
}

const show = (v: unknown, lang: 'zh' | 'en') => {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDateTime(v, lang);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/**
 * For a react-admin <Edit mutationMode="pessimistic">: `mutationOptions.onError` turns a 409 into the
 * conflict dialog (the record as it is now, what changed since the form was opened); any other
 * error is notified as react-admin would. `dialog` goes next to the form.
 */
export function useConflictEdit(resource: string, fields: readonly string[], opts: { fieldLabel: (f: string) => string; onSaved?: (record: RaRecord) => void; onReload?: () => void; format?: (field: string, value: unknown) => string }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const lang = useLang();
  const [update, { isPending }] = useUpdate();
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const onError = async (error: unknown, variables: { id?: RaRecord['id']; data?: unknown; previousData?: unknown } | undefined) => {
    if (!isVersionConflict(error) || variables?.id === undefined) {
      const message = (error as Error)?.message || 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
      return;
    }
    const { data: current } = await dataProvider.getOne(resource, { id: variables.id });
    const seen = (variables.previousData ?? {}) as Row;
    const mine = (variables.data ?? {}) as Row;
    setConflict({ id: variables.id, seen, mine, current, changes: conflictChanges(seen, current as Row, mine, fields) });
  };

  const close = () => setConflict(null);
  const reload = () => {
    close();
    refresh(); // the form resets to the record as it is now
    opts.onReload?.();
  };
  const overwrite = () => {
    if (!conflict) return;
    // only the fields the user changed go on top of the current version; the other person's changes stay
    const edited = Object.fromEntries(fields.filter((f) => f in conflict.mine && !sameValue(conflict.mine[f], conflict.seen[f])).map((f) => [f, conflict.mine[f]]));
    update(
      resource,
      { id: conflict.id, data: { ...edited, version: conflict.current.version }, previousData: conflict.current },
      {
        mutationMode: 'pessimistic',
        onSuccess: (record) => {
          close();
          notify('pv.conflict.saved', { type: 'success' });
          opts.onSaved?.(record as RaRecord);
        },
        onError: (error) => {
          close();
          void onError(error, { id: conflict.id, data: { ...conflict.mine, ...edited }, previousData: conflict.current });
        },
      },
    );
  };
  const fmt = opts.format ?? ((_f: string, v: unknown) => show(v, lang));

  const dialog = conflict ? (
    <Dialog open onClose={close} maxWidth="md" fullWidth data-testid="conflict-dialog">
      <DialogTitle>{translate('pv.conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate('pv.conflict.hint', { who: translate('pv.conflict.someone'), version: conflict.current.version })}</DialogContentText>
        {conflict.changes.length === 0 ? (
          <DialogContentText>{translate('pv.conflict.none')}</DialogContentText>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('pv.conflict.field')}</TableCell>
                <TableCell>{translate('pv.conflict.seen')}</TableCell>
                <TableCell>{translate('pv.conflict.now')}</TableCell>
                <TableCell>{translate('pv.conflict.mine')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {conflict.changes.map((c) => (
                <TableRow key={c.field} data-testid={`conflict-${c.field}`}>
                  <TableCell sx={{ fontWeight: 600 }}>{translate(opts.fieldLabel(c.field), { _: c.field })}</TableCell>
                  <TableCell>{fmt(c.field, c.seen)}</TableCell>
                  <TableCell sx={{ color: 'warning.main', fontWeight: 600 }}>{fmt(c.field, c.now)}</TableCell>
                  <TableCell sx={{ color: sameValue(c.mine, c.seen) ? undefined : 'primary.main' }}>{fmt(c.field, c.mine)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <ReloadButton onReload={reload} disabled={isPending} />
        <Button onClick={overwrite} disabled={isPending} variant="contained" data-testid="conflict-overwrite">
          {translate('pv.conflict.overwrite')}
        </Button>
      </DialogActions>
    </Dialog>
  ) : null;

  return { mutationOptions: { onError }, dialog };
}

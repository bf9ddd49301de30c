import { useState } from 'react';
import { Button, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { CircularProgress } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { filterParams } from '../../../providers/dataProvider.ts';
import { bindingOf } from '../../../providers/resources.ts';
import { downloadFile } from './download.ts';

/**
 * 导出 Excel: the list's current filter and sort, every matching row (the server streams the file).
 * Disabled with a spinner while the file downloads.
 */
export const ExportButton = () => {
  const { filterValues, sort, total } = useListContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const binding = bindingOf(resource);
    const params: Record<string, unknown> = { ...filterParams(filterValues), ...binding.filter };
    if (sort?.field) {
      params.sort = sort.field;
      params.order = sort.order === 'ASC' ? 'ASC' : 'DESC';
    }
    setBusy(true);
    try {
      const name = await downloadFile(binding.api, 'export', params, `${binding.api}.xlsx`);
      notify('pv.excel.exported', { type: 'success', messageArgs: { name } });
    } catch (error) {
      notify('pv.excel.export_failed', { type: 'error', messageArgs: { msg: (error as Error).message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label={busy ? 'pv.excel.exporting' : 'pv.excel.export'}
      onClick={onClick}
      disabled={busy || total === 0}
      aria-busy={busy}
      title={translate('pv.excel.export_hint')}
      data-testid="excel-export"
    >
      {busy ? <CircularProgress size={16} /> : <FileDownloadIcon />}
    </Button>
  );
};

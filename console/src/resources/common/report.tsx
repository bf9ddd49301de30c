import { type ReactNode, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Button, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { PROVINCES, regionName } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { downloadFile } from '../customer/excel/download.ts';
import { useLang } from './format.tsx';
import { MUST_SHOW_CLASS } from './columns.ts';

/** A report's query as its screen holds it; empty values are not sent. */
export type ReportQuery = Record<string, string | number | boolean | undefined>;
export const cleanQuery = (q: ReportQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as Record<string, string | number | boolean>;

/** Reads `op` of `api` with `query` whenever the query changes; an answer to an older query is dropped. */
export function useReport<T>(api: string, op: string, query: ReportQuery) {
  const dataProvider = useDataProvider<PvDataProvider>();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(cleanQuery(query));
  useEffect(() => {
    let live = true;
    setBusy(true);
    dataProvider
      .read<T>(api, op, cleanQuery(query))
      .then((r) => live && (setData(r.data), setError(null)))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [api, op, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return { data, error, busy };
}

/** Downloads the report's export (`op` of `api` with the same query); a refusal is notified. */
export const ReportExportButton = ({ api, op, query, fallback, label, testId }: { api: string; op: string; query: ReportQuery; fallback: string; label: string; testId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const run = async () => {
    try {
      await downloadFile(api, op, cleanQuery(query), fallback);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void run()} data-testid={testId}>
      {translate(label)}
    </Button>
  );
};

/** A report's province filter: every province, or all of them ('' — the report then goes by province instead of by city). */
export const ProvinceSelect = ({ label, allLabel, value, onChange, testId }: { label: string; allLabel: string; value: string; onChange: (v: string) => void; testId?: string }) => {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <TextField size="small" select fullWidth={false} label={translate(label)} value={value} onChange={(e) => onChange(e.target.value)} sx={{ width: 200 }} SelectProps={testId ? { SelectDisplayProps: { 'data-testid': testId } as object } : undefined}>
      <MenuItem value="">{translate(allLabel)}</MenuItem>
      {PROVINCES.map((p) => (
        <MenuItem key={p.code} value={p.code}>
          {regionName(p.code, lang)}
        </MenuItem>
      ))}
    </TextField>
  );
};

export interface ReportRow {
  key: string;
  /** every cell: the month and the region first, then the figures (right-aligned) */
  cells: ReactNode[];
  /** the index of a cell shown in red (a warning figure) */
  alert?: number;
}

/** A month × region report table: sticky heading, one row per month and region, the empty note, and a bold totals row. */
export function MonthRegionTable({ head, rows, total, empty, totalTestId, maxHeight }: { head: string[]; rows: ReportRow[]; total: ReactNode[]; empty: string; totalTestId: string; maxHeight: string }) {
  const right = (i: number) => (i >= 2 ? 'right' : 'left');
  return (
    // the table scrolls in its box: a tab stop, so the keyboard scrolls it too
    <TableContainer tabIndex={0} sx={{ maxHeight }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              // the figures must show (the table scrolls in its box rather than collapse them)
              <TableCell key={i} align={right(i)} className={i >= 2 ? MUST_SHOW_CLASS : undefined}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key} hover>
              {r.cells.map((c, i) => (
                <TableCell key={i} align={right(i)} sx={i === r.alert ? { color: 'error.main' } : undefined}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={head.length} align="center">
                {empty}
              </TableCell>
            </TableRow>
          )}
          <TableRow sx={{ '& td': { fontWeight: 600 } }} data-testid={totalTestId}>
            {total.map((c, i) => (
              <TableCell key={i} align={right(i)}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';

export interface ImportRowError {
  row: number;
  column?: string | null;
  message: string;
}

/** The rows an import refused, as the server named them (row as in the file, column heading, problem), scrolling inside its dialog. */
export function ImportRowErrors({ errors, testId }: { errors: readonly ImportRowError[]; testId: string }) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 80 }}>{translate('pv.excel.row')}</TableCell>
            <TableCell sx={{ width: 160 }}>{translate('pv.excel.column')}</TableCell>
            <TableCell>{translate('pv.excel.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{e.column || '—'}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

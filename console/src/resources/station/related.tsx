import type { ReactNode } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box } from '@mui/material';
import type { Station } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { STATION_API } from './common.tsx';

/** A related list of the shown station (work orders, self-audits, matters); refetched with the page's refresh. */
export function useRelated<T>(name: string, load: (dp: PvDataProvider, id: number) => Promise<T>) {
  const record = useRecordContext<Station>();
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({ queryKey: [STATION_API, name, record?.id], queryFn: () => load(dataProvider, record!.id), enabled: !!record, retry: false });
}

/** A related panel: the server's message when the list is refused (no permission), "none yet" when empty. */
export const Related = ({ title, testId, error, empty, isEmpty, actions, children }: { title: string; testId: string; error: unknown; empty: string; isEmpty: boolean; actions?: ReactNode; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Panel title={title} testId={testId} actions={actions}>
      {error ? (
        <Alert severity="info">{translate('pv.station.unavailable', { msg: (error as Error).message })}</Alert>
      ) : isEmpty ? (
        <EmptyNote text={empty} />
      ) : (
        <Box sx={{ overflowX: 'auto', '& th, & td': { whiteSpace: 'nowrap' } }}>{children}</Box>
      )}
    </Panel>
  );
};


import type { ReactNode } from 'react';
import { Labeled, RecordContextProvider, ResourceContextProvider, TopToolbar, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { DetailColumns } from './layout.tsx';

/**
 * A hidden dynamicNewTab detail page (#/…/xxxDetail?id=N): reads `id` from the query, says
 * `missing` when it is absent or not a number, and renders `children(id)` in the page's padding.
 */
export const QueryIdPage = ({ missing, children }: { missing: string; children: (id: number) => ReactNode }) => {
  const [params] = useSearchParams();
  const translate = useTranslate();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning" sx={{ m: 2 }}>{translate(missing)}</Alert>;
  return <Box sx={{ px: { xs: 1, md: 2 }, pb: 2 }}>{children(id)}</Box>;
};

/** Loads one record (get_info) and renders `children(record)`; a spinner while loading, the server's message on error (403, 404). */
export function LoadRecord<T extends RaRecord>({ resource, id, children }: { resource: string; id: number; children: (record: T) => ReactNode }) {
  // a refusal (403 out of scope, 404) is final: show it at once instead of retrying
  const { data, isPending, error } = useGetOne<T>(resource, { id }, { retry: false });
  if (isPending) return <PageLoading />;
  if (error || !data) return <Alert severity="error" sx={{ mt: 2 }} data-testid="record-error">{(error as Error | null)?.message ?? ''}</Alert>;
  return <>{children(data)}</>;
}

/**
 * A lifecycle record's whole detail page (#/…/xxxDetail?id=N): the record loaded into the resource and
 * record contexts, `header(record)` above, then the two columns — `main` (its panels) and `side` (status
 * timeline and change history) — which read the record from the context.
 */
export function RecordDetailPage<T extends RaRecord>({ resource, missing, header, main, side }: { resource: string; missing: string; header: (record: T) => ReactNode; main: ReactNode; side: ReactNode }) {
  return (
    <ResourceContextProvider value={resource}>
      <QueryIdPage missing={missing}>
        {(id) => (
          <LoadRecord<T> key={id} resource={resource} id={id}>
            {(record) => (
              <RecordContextProvider value={record}>
                {header(record)}
                <DetailColumns main={main} side={side} />
              </RecordContextProvider>
            )}
          </LoadRecord>
        )}
      </QueryIdPage>
    </ResourceContextProvider>
  );
}

/** A detail page's heading: the title, a grey subtitle, a status chip, and the action buttons at the right. */
export const DetailHeader = ({ title, subtitle, chip, actions, testId }: { title: ReactNode; subtitle?: ReactNode; chip?: ReactNode; actions?: ReactNode; testId?: string }) => (
  <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" alignItems={{ md: 'center' }} sx={{ pt: 1 }}>
    <Stack direction="row" spacing={1} alignItems="center">
      <Typography variant="h6" component="h1" data-testid={testId}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      )}
      {chip}
    </Stack>
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5, minHeight: 0 }}>{actions}</TopToolbar>
  </Stack>
);

/** One labelled read-only value of a detail panel ('-' when empty). */
export const Value = ({ label, children }: { label: string; children: ReactNode }) => (
  <Labeled label={label}>
    <Typography variant="body2" component="div">
      {children ?? '-'}
    </Typography>
  </Labeled>
);

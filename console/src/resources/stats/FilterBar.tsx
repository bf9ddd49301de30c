import { useEffect, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { StatPeriod, type StatPeriodValue } from '@pv/contract';
import { ProvinceInput } from '../../forms/RegionInput.tsx';
import { useLang } from '../common/format.tsx';
import { defaultCustomRange, filterError, type StatFilter } from './logic.ts';

const sameFilter = (a: StatFilter, b: StatFilter) =>
  a.period === b.period && (a.start ?? '') === (b.start ?? '') && (a.end ?? '') === (b.end ?? '') && (a.province_code ?? '') === (b.province_code ?? '');

/** Passes the form's dates and province up whenever they change. */
const Sync = ({ filter, onChange }: { filter: StatFilter; onChange: (f: StatFilter) => void }) => {
  const [start, end, province] = useWatch({ name: ['start', 'end', 'province_code'] }) as [string | null, string | null, string | null];
  useEffect(() => {
    const next: StatFilter = { ...filter, start: start || null, end: end || null, province_code: province || null };
    if (!sameFilter(next, filter)) onChange(next);
  }, [start, end, province, filter, onChange]);
  return null;
};

/**
 * The dashboard's filter: a period (今日 / 本周 / 本月 / 本年 / 自定义, a custom one with two China
 * dates) and a province (the console's region select). An impossible custom range is named here and
 * not sent.
 */
export const FilterBar = (props: { filter: StatFilter; onChange: (f: StatFilter) => void; extra?: ReactNode }) => <FilterForm key={props.filter.period} {...props} />;

/** The form starts from the filter of its period (a new period remounts it: the custom range gets its dates). */
const FilterForm = ({ filter, onChange, extra }: { filter: StatFilter; onChange: (f: StatFilter) => void; extra?: ReactNode }) => {
  const translate = useTranslate();
  const [record] = useState(() => ({ start: filter.start ?? '', end: filter.end ?? '', province_code: filter.province_code ?? '' }));
  const lang = useLang();
  const error = filterError(filter);
  const setPeriod = (period: StatPeriodValue | null) => {
    if (!period || period === filter.period) return;
    if (period === 'custom' && (!filter.start || !filter.end)) onChange({ ...filter, period, ...defaultCustomRange() });
    else onChange({ ...filter, period });
  };
  return (
    <Form record={record} onSubmit={() => undefined} noValidate>
      <Sync filter={filter} onChange={onChange} />
      <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1.5} sx={{ mb: 2 }} data-testid="dash-filter">
        <ToggleButtonGroup size="small" exclusive value={filter.period} onChange={(_, v: StatPeriodValue | null) => setPeriod(v)} aria-label={translate('pv.dash.period')} color="primary">
          {StatPeriod.values.map((p) => (
            <ToggleButton key={p} value={p} sx={{ px: 1.5, py: 0.5, textTransform: 'none' }} data-testid={`period-${p}`}>
              {StatPeriod.label(p, lang)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {filter.period === 'custom' && (
          <>
            <DateInput source="start" label="pv.dash.start" helperText={false} size="small" variant="outlined" sx={{ width: 170, my: 0 }} />
            <DateInput source="end" label="pv.dash.end" helperText={false} size="small" variant="outlined" sx={{ width: 170, my: 0 }} />
          </>
        )}
        <Box sx={{ '& .MuiFormControl-root': { my: 0 }, '& .MuiSelect-select': { py: '6.5px !important' } }}>
          <ProvinceInput source="province_code" label="pv.dash.province" emptyText="pv.dash.nationwide" helperText={false} size="small" variant="outlined" />
        </Box>
        {error && (
          <Typography variant="body2" color="error" data-testid="dash-filter-error">
            {translate(error.key, error.params)}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {extra}
      </Stack>
    </Form>
  );
};

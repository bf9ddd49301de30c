import { useState } from 'react';
import { Button, FilterButton, FunctionField, List, NumberField, Pagination, SearchInput, SelectArrayInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import AddIcon from '@mui/icons-material/Add';
import { AppPlatform, type AppVersion } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { AppVersionStatusChip, RolloutText, useAppVersionChoices } from './common.tsx';
import { AddAppVersionDialog } from './dialogs.tsx';
import { appVersionDetailPath, appVersionField, formatBytes } from './logic.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useAppVersionChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(appVersionField('q'))} />,
    <SelectArrayInput key="platform" source="platform" label={appVersionField('platform')} choices={choices.platform} alwaysOn sx={{ minWidth: 140 }} />,
    <SelectArrayInput key="status" source="status" label={appVersionField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 140 }} />,
    <DateInput key="published_at_gte" source="published_at_gte" label={appVersionField('published_at_gte')} />,
    <DateInput key="published_at_lte" source="published_at_lte" label={appVersionField('published_at_lte')} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={appVersionField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={appVersionField('created_at_lte')} />,
  ];
};

const Actions = () => {
  const canAdd = useHasPermission('app_version:add');
  const exportable = useHasPermission('app_version:export');
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      <FilterButton />
      {canAdd && <Button label="pv.appVersion.add" onClick={() => setOpen(true)} startIcon={<AddIcon />} data-testid="app-version-add" />}
      {exportable && <ExportButton />}
      {open && <AddAppVersionDialog onClose={() => setOpen(false)} />}
    </TopToolbar>
  );
};

/** 版本管理: #/other/appVersion — the 光E宝 app's releases per platform; a row opens the release's tab. */
const AppVersionList = () => {
  const lang = useLang();
  return (
    <List storeKey="app-version-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => appVersionDetailPath(id)} bulkActionButtons={false} cellMaxWidth={260} data-testid="app-version-list">
        <FunctionField<AppVersion> source="platform" label={appVersionField('platform')} render={(r) => AppPlatform.label(r.platform, lang)} {...MUST_SHOW} />
        <TextField source="version_name" label={appVersionField('version_name')} sortable={false} {...MUST_SHOW} />
        <NumberField source="version_code" label={appVersionField('version_code')} options={{ useGrouping: false }} />
        <FunctionField<AppVersion> source="status" label={appVersionField('status')} render={(r) => <AppVersionStatusChip status={r.status} />} {...MUST_SHOW} />
        <FunctionField<AppVersion> source="rollout" label={appVersionField('rollout')} textAlign="right" render={(r) => <RolloutText value={r.rollout} />} {...MUST_SHOW} />
        <TextField source="min_supported_version" label={appVersionField('min_supported_version')} emptyText="-" sortable={false} />
        <FunctionField<AppVersion> source="package_size" label={appVersionField('package')} sortable={false} render={(r) => (r.package_file_id ? formatBytes(r.package_size) : r.store_url ? new URL(r.store_url).hostname : '-')} />
        <LocalDateField source="published_at" label={appVersionField('published_at')} showTime emptyText="-" />
        <TextField source="created_by_name" label={appVersionField('created_by_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="created_at" label={appVersionField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default AppVersionList;

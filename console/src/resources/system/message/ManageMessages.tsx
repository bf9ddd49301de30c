import { useMemo, useState } from 'react';
import {
  AutocompleteInput,
  CreateBase,
  DeleteWithConfirmButton,
  EditBase,
  FunctionField,
  List,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Button, Chip, Dialog, DialogContent, DialogTitle, IconButton, Stack, Tooltip } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { MESSAGE_CREATE_FIELDS, MESSAGE_EDITABLE, MESSAGE_LEVELS, MESSAGE_TYPES, messageCreateSchema, messageEditSchema, type MessageRecord } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { LocalDateField } from '../../common/format.tsx';
import { ListDatagrid } from '../../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../../common/columns.ts';
import { LEVEL_COLORS, levelLabel, typeLabel } from './useMessages.tsx';

/** The react-admin resource of the message centre (bound to the `message` API in providers/resources.ts). */
export const MESSAGE_RESOURCE = 'setting/messageCenter';
const USERS = 'setting/userManagement';

const useChoices = () => {
  const translate = useTranslate();
  return useMemo(
    () => ({
      types: MESSAGE_TYPES.map((id) => ({ id, name: typeLabel(translate, id) })),
      levels: MESSAGE_LEVELS.map((id) => ({ id, name: levelLabel(translate, id) })),
    }),
    [translate],
  );
};

const label = (f: string) => `pv.message.fields.${f}`;
const blank = (v: unknown) => v === '' || v === null || v === undefined;
const pick = (values: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => !blank(values[k])).map((k) => [k, values[k]]));

/** Title, content, type, level, link: the fields of both forms. */
const MessageFields = () => {
  const { types, levels } = useChoices();
  return (
    <>
      <TextInput source="title" label={label('title')} fullWidth />
      <TextInput source="content" label={label('content')} fullWidth multiline minRows={3} />
      <Stack direction="row" spacing={2} sx={{ width: '100%' }}>
        <SelectInput source="type" label={label('type')} choices={types} sx={{ flex: 1 }} />
        <SelectInput source="level" label={label('level')} choices={levels} sx={{ flex: 1 }} />
      </Stack>
      <TextInput source="link" label={label('link')} helperText="pv.message.link_hint" fullWidth />
    </>
  );
};

/** Everyone, or one user: picked from the user list when the sender may read it, else typed as an id. */
const RecipientFields = () => {
  const translate = useTranslate();
  const audience = useWatch({ name: 'audience' }) as string;
  const users = useCanAccess({ resource: USERS, action: 'list' });
  return (
    <>
      <RadioButtonGroupInput
        source="audience"
        label="pv.message.audience"
        choices={[
          { id: 'all', name: translate('pv.message.audience_all') },
          { id: 'user', name: translate('pv.message.audience_user') },
        ]}
      />
      {audience === 'user' ? (
        users.canAccess ? (
          <ReferenceInput source="recipient_id" reference={USERS} sort={{ field: 'id', order: 'ASC' }} filter={{ status: 'enabled' }}>
            <AutocompleteInput
              label={label('recipient')}
              optionText={(u: { username: string; full_name?: string }) => (u.full_name ? `${u.full_name}（${u.username}）` : u.username)}
              filterToQuery={(q: string) => ({ q })}
              fullWidth
            />
          </ReferenceInput>
        ) : (
          <NumberInput source="recipient_id" label={label('recipient_id')} helperText="pv.message.recipient_id_hint" fullWidth />
        )
      ) : null}
    </>
  );
};

function createValues(values: Record<string, unknown>) {
  const out = pick(values, MESSAGE_CREATE_FIELDS);
  if (values.audience !== 'user') delete out.recipient_id;
  return out;
}

const SendDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resolver = useMemo(() => {
    const base = contractResolver<Record<string, unknown>>(messageCreateSchema, translate, createValues);
    return async (values: Record<string, unknown>, ctx: unknown, options: never) => {
      const result = await base(values, ctx, options);
      if (values.audience === 'user' && blank(values.recipient_id)) {
        return { values: {}, errors: { ...result.errors, recipient_id: { type: 'required', message: translate('pv.msg.validation.required') } } };
      }
      return result;
    };
  }, [translate]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('pv.message.send')}</DialogTitle>
      <DialogContent>
        <CreateBase
          resource={MESSAGE_RESOURCE}
          redirect={false}
          transform={createValues}
          mutationOptions={{
            onSuccess: () => {
              notify('pv.message.sent', { type: 'success' });
              refresh();
              onClose();
            },
          }}
        >
          <SimpleForm resolver={resolver as never} defaultValues={{ audience: 'all', type: 'notice', level: 'info' }} sx={{ p: 0 }}>
            <RecipientFields />
            <MessageFields />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
};

const EditDialog = ({ id, onClose }: { id: Identifier | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const resolver = useMemo(
    () => contractResolver<Record<string, unknown>>(messageEditSchema, translate, (v) => ({ ...pick(v, MESSAGE_EDITABLE), id: v.id, version: v.version, content: v.content ?? '', link: v.link ?? null })),
    [translate],
  );
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('pv.message.edit')}</DialogTitle>
      <DialogContent>
        {id !== null ? (
          <EditBase
            resource={MESSAGE_RESOURCE}
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            mutationOptions={{
              onSuccess: () => {
                notify('pv.message.saved', { type: 'success' });
                onClose();
              },
            }}
          >
            <SimpleForm
              resolver={resolver as never}
              sx={{ p: 0 }}
              toolbar={
                <Toolbar>
                  <SaveButton />
                </Toolbar>
              }
            >
              <MessageFields />
            </SimpleForm>
          </EditBase>
        ) : null}
      </DialogContent>
    </Dialog>
  );
};

const RowActions = ({ onEdit }: { onEdit: (id: Identifier) => void; label?: string }) => {
  const record = useRecordContext<MessageRecord>();
  const translate = useTranslate();
  const edit = useCanAccess({ resource: MESSAGE_RESOURCE, action: 'edit' });
  const del = useCanAccess({ resource: MESSAGE_RESOURCE, action: 'delete' });
  if (!record) return null;
  return (
    <Stack direction="row" alignItems="center">
      {edit.canAccess ? (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton size="small" aria-label={`${translate('ra.action.edit')} ${record.title}`} onClick={() => onEdit(record.id)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {del.canAccess ? <DeleteWithConfirmButton label="" mutationMode="pessimistic" redirect={false} aria-label={`${translate('ra.action.delete')} ${record.title}`} /> : null}
    </Stack>
  );
};

/** 消息管理: every message; send to a user or to everyone, edit, delete (message:* permissions). */
export const ManageMessages = () => {
  const translate = useTranslate();
  const { types, levels } = useChoices();
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState<Identifier | null>(null);
  const create = useCanAccess({ resource: MESSAGE_RESOURCE, action: 'create' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="type" source="type" label={label('type')} choices={types} alwaysOn />,
    <SelectInput key="level" source="level" label={label('level')} choices={levels} alwaysOn />,
  ];
  return (
    <>
      <List
        resource={MESSAGE_RESOURCE}
        disableSyncWithLocation
        storeKey="messageCenter.manage"
        empty={false}
        title={false}
        perPage={10}
        sort={{ field: 'id', order: 'DESC' }}
        filters={filters}
        actions={
          <TopToolbar>
            {create.canAccess ? (
              <Button variant="contained" size="small" startIcon={<SendOutlined />} onClick={() => setSending(true)} data-testid="message-send">
                {translate('pv.message.send')}
              </Button>
            ) : null}
          </TopToolbar>
        }
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <ListDatagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="id" label={label('id')} {...HIDE_FIRST} />
          <TextField source="title" label={label('title')} {...MUST_SHOW} />
          <FunctionField source="type" label={label('type')} render={(r: MessageRecord) => typeLabel(translate, r.type)} />
          <FunctionField
            source="level"
            label={label('level')}
            render={(r: MessageRecord) => <Chip size="small" color={LEVEL_COLORS[r.level]} variant={r.level === 'info' ? 'outlined' : 'filled'} label={levelLabel(translate, r.level)} />}
            {...MUST_SHOW}
          />
          <FunctionField label={label('recipient')} render={(r: MessageRecord) => (r.recipient_id === null ? translate('pv.message.broadcast') : (r.recipient_name ?? `#${r.recipient_id}`))} />
          <TextField source="sender_name" label={label('sender')} sortable={false} />
          <TextField source="read_count" label="pv.message.read_count" sortable={false} {...HIDE_FIRST} />
          <LocalDateField source="created_at" label={label('created_at')} showTime />
          <RowActions label="" onEdit={setEditing} {...MUST_SHOW} />
        </ListDatagrid>
      </List>
      <SendDialog open={sending} onClose={() => setSending(false)} />
      <EditDialog id={editing} onClose={() => setEditing(null)} />
    </>
  );
};

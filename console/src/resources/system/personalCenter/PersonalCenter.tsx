import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, PasswordInput, SaveButton, TextInput, Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { Avatar, Box, Button, Card, CardContent, CardHeader, Chip, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, isPassword, profileSchema } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { client } from '../../../providers/client.ts';
import { session } from '../../../providers/session.ts';

interface Profile {
  id: number;
  username: string;
  full_name: string;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  version: number;
  is_admin: boolean;
  department_name: string | null;
  agent_name: string | null;
  roles: { id: number; code: string; name: string }[];
}

const PROFILE_KEY = ['pv', 'profile'];

/** Keep the top bar (name, avatar) in step with the saved profile. */
function useSyncIdentity() {
  const { refetch } = useGetIdentity();
  return (p: Profile) => {
    const user = session.getUser();
    if (user) session.setUser({ ...user, full_name: p.full_name, avatar: p.avatar });
    void refetch();
  };
}

const AvatarCard = ({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = (f: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!f) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(f.type)) return notify('pv.org.avatar_type', { type: 'error' });
    if (f.size > AVATAR_MAX_BYTES) return notify('pv.org.avatar_too_large', { type: 'error' });
    setFile(f);
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const reply = await client.post<Profile>('/api/system/user/avatar', file, { silent: true, headers: { 'Content-Type': file.type } });
      notify('pv.org.avatar_saved', { type: 'success' });
      setFile(null);
      onSaved(reply.data);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const name = profile.full_name || profile.username;
  return (
    <Card sx={{ flex: '0 0 320px', maxWidth: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={preview ?? profile.avatar ?? undefined} alt={name} sx={{ width: 112, height: 112, fontSize: 40 }} data-testid="profile-avatar">
          {name.slice(0, 1)}
        </Avatar>
        <Typography variant="h6">{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('pv.org.account')}: {profile.username}
        </Typography>
        <input ref={input} type="file" hidden accept={AVATAR_TYPES.join(',')} onChange={(e) => choose(e.target.files?.[0])} data-testid="avatar-file" />
        {file ? (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="small" onClick={upload} disabled={busy}>
              {translate('pv.org.upload')}
            </Button>
            <Button size="small" onClick={() => setFile(null)} disabled={busy}>
              {translate('pv.org.cancel')}
            </Button>
          </Stack>
        ) : (
          <Button size="small" variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()}>
            {translate('pv.org.change_avatar')}
          </Button>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('pv.org.avatar_hint')}
        </Typography>
        <Divider flexItem />
        <Box sx={{ width: '100%', display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">{translate('pv.org.roles')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {profile.roles.length ? profile.roles.map((r) => <Chip key={r.id} size="small" label={r.name} />) : '-'}
          </Box>
          <Typography variant="body2" color="text.secondary">{translate('pv.org.department')}</Typography>
          <Typography variant="body2">{profile.department_name ?? '-'}</Typography>
          <Typography variant="body2" color="text.secondary">{translate('pv.org.agent')}</Typography>
          <Typography variant="body2">{profile.agent_name ?? '-'}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
};

const ProfileForm = ({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const resolver = useMemo(() => contractResolver(profileSchema, translate), [translate]);
  const record = useMemo(() => ({ full_name: profile.full_name, phone: profile.phone ?? '', email: profile.email ?? '' }), [profile]);
  const submit = async (values: Record<string, unknown>) => {
    try {
      const reply = await client.post<Profile>('/api/system/user/profile', { ...values, version: profile.version }, { silent: true });
      notify('pv.org.profile_saved', { type: 'success' });
      onSaved(reply.data);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <CardHeader title={translate('pv.org.profile')} />
      <CardContent>
        <Form record={record} resolver={resolver} onSubmit={submit} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="full_name" label="resources.setting/userManagement.fields.full_name" />
            <TextInput source="phone" label="resources.setting/userManagement.fields.phone" />
            <TextInput source="email" label="resources.setting/userManagement.fields.email" />
          </Box>
          <SaveButton />
        </Form>
      </CardContent>
    </Card>
  );
};

const PasswordForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [key, setKey] = useState(0);
  const validate = (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    if (!values.old_password) errors.old_password = translate('pv.msg.validation.required');
    if (!isPassword(String(values.password ?? ''))) errors.password = translate('pv.msg.validation.password_min');
    else if (values.password !== values.confirm) errors.confirm = translate('pv.org.password_mismatch');
    return errors;
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      await client.post('/api/system/common/modify_password', { old_password: values.old_password, password: values.password }, { silent: true });
      notify('pv.org.password_changed', { type: 'success' });
      setKey((k) => k + 1);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <CardHeader title={translate('pv.org.change_password')} />
      <CardContent>
        <Form key={key} validate={validate} onSubmit={submit} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
            <PasswordInput source="old_password" label="pv.org.old_password" autoComplete="current-password" />
            <PasswordInput source="password" label="pv.org.new_password" autoComplete="new-password" />
            <PasswordInput source="confirm" label="pv.org.confirm_password" autoComplete="new-password" />
          </Box>
          <SaveButton label="pv.org.change_password" />
        </Form>
      </CardContent>
    </Card>
  );
};

/** 个人中心: avatar (with preview before upload), own profile, own password. */
const PersonalCenter = () => {
  const queryClient = useQueryClient();
  const sync = useSyncIdentity();
  const { data: profile } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async ({ signal }) => (await client.get<Profile>('/api/system/user/profile', undefined, { signal })).data,
  });
  const saved = (p: Profile) => {
    queryClient.setQueryData(PROFILE_KEY, p);
    sync(p);
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="pv.route.personalCenter" />
      {!profile ? (
        <CircularProgress size={24} />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <AvatarCard profile={profile} onSaved={saved} />
          <Stack spacing={2} sx={{ flex: '1 1 480px', minWidth: 0 }}>
            <ProfileForm profile={profile} onSaved={saved} />
            <PasswordForm />
          </Stack>
        </Box>
      )}
    </Box>
  );
};
export default PersonalCenter;

import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { AppPlatform, AppVersionStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';

export function useAppVersionChoices() {
  const lang = useLang();
  return useMemo(() => ({ platform: AppPlatform.choices(lang), status: AppVersionStatus.choices(lang) }), [lang]);
}

const COLOR = { draft: 'default', published: 'success', withdrawn: 'error' } as const;

export const AppVersionStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={COLOR[status as keyof typeof COLOR] ?? 'default'} label={AppVersionStatus.label(status, lang)} data-testid="app-version-status" />;
};

/** A rollout share: 100 % plain, a partial one highlighted. */
export const RolloutText = ({ value }: { value: number }) => <span style={{ fontVariantNumeric: 'tabular-nums', fontWeight: value < 100 ? 600 : undefined }}>{value}%</span>;

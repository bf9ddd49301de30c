import { Box } from '@mui/material';
import { useSettings } from '../settings/store.ts';
import { NoticeBell } from '../notice/NoticeBell.tsx';
import { LockButton } from '../lock/LockButton.tsx';
import { ErrorLogBadge } from '../errorLog/ErrorLogBadge.tsx';
import { AvatarMenu } from '../avatar/AvatarMenu.tsx';
import { ShanhaiLink } from './ShanhaiLink.tsx';
import { FullScreenButton, LanguageButton, RefreshButton, SearchButton, ThemeButton } from './tools.tsx';

/** The right-hand tools of the top bar, each shown by its setting (SPEC.md §3). */
export const TopTools = () => {
  const s = useSettings();
  const mobile = s.device === 'mobile';
  return (
    <Box data-testid="top-tools" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flex: 'none', ml: 'auto', '& .MuiIconButton-root': { p: 0.875 } }}>
      <ErrorLogBadge />
      {s.showSearch && !mobile ? <SearchButton /> : null}
      {s.showRefresh ? <RefreshButton /> : null}
      {s.showNotice ? <NoticeBell /> : null}
      {s.showTheme && s.showThemeSetting ? <ThemeButton /> : null}
      {s.showFullScreen && !mobile ? <FullScreenButton /> : null}
      {s.showLanguage ? <LanguageButton compact={mobile} /> : null}
      {s.showLock ? <LockButton /> : null}
      <ShanhaiLink />
      <AvatarMenu />
    </Box>
  );
};

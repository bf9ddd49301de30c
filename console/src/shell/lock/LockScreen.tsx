import { useEffect, useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Avatar, Box, Button, IconButton, Modal, TextField, Tooltip, Typography } from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import WallpaperIcon from '@mui/icons-material/WallpaperOutlined';
import { appConfig } from '../../config.ts';
import { client } from '../../providers/client.ts';
import { session } from '../../providers/session.ts';
import { settings, useSettings } from '../settings/store.ts';
import { checkPassword } from './unlock.ts';
import { randomWallpaper, wallpaperUrl, WALLPAPER_COUNT, WALLPAPER_KEY } from './wallpapers.ts';

const storedWallpaper = (): number => {
  const n = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(WALLPAPER_KEY));
  return Number.isInteger(n) && n >= 0 && n < WALLPAPER_COUNT ? n : 0;
};

const Clock = () => {
  const [locale] = useLocaleState();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const lang = locale === 'en' ? 'en-GB' : 'zh-CN';
  return (
    <Box sx={{ textAlign: 'center', color: '#fff', textShadow: '0 2px 12px rgba(0,0,0,.45)' }}>
      <Typography sx={{ fontSize: { xs: 64, sm: 96 }, fontWeight: 200, lineHeight: 1 }} data-testid="lock-clock">
        {now.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hour12: false })}
      </Typography>
      <Typography sx={{ fontSize: 18, mt: 1 }}>{now.toLocaleDateString(lang, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}</Typography>
    </Box>
  );
};

/**
 * The lock screen (SPEC.md §4 screen lock): covers the whole console while settings.lock is on
 * (persisted, so a reload stays locked). Unlocking needs the signed-in user's own password, checked
 * by the server, on blur and on unlock (请输入正确的密码); success waits 500 ms, picks a new random
 * wallpaper and unlocks. A button switches among the 32 wallpapers.
 */
export const LockScreen = () => {
  const translate = useTranslate();
  const { lock } = useSettings();
  const [wallpaper, setWallpaperState] = useState(storedWallpaper);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setWallpaper = (n: number) => {
    setWallpaperState(n);
    localStorage.setItem(WALLPAPER_KEY, String(n));
  };

  useEffect(() => {
    if (!lock) {
      setPassword('');
      setError(null);
    }
  }, [lock]);

  if (!lock) return null;

  const verify = async (): Promise<boolean> => {
    if (!password) {
      setError(translate('pv.lock.wrong'));
      return false;
    }
    try {
      const ok = await checkPassword(client, password);
      setError(ok ? null : translate('pv.lock.wrong'));
      return ok;
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : translate('pv.lock.wrong'));
      return false;
    }
  };

  const unlock = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    setBusy(true);
    const ok = await verify();
    if (!ok) {
      setBusy(false);
      return;
    }
    setTimeout(() => {
      setWallpaper(randomWallpaper(wallpaper));
      setBusy(false);
      settings.set({ lock: false });
    }, appConfig.unlockDelayMs);
  };

  const user = session.getUser();
  const name = session.displayName();

  return (
    <Modal open disableEscapeKeyDown hideBackdrop sx={{ zIndex: 2000 }} aria-labelledby="pv-lock-title">
      <Box
        className="pv-lock-screen"
        data-wallpaper={wallpaper}
        sx={{
          position: 'fixed',
          inset: 0,
          backgroundImage: wallpaperUrl(wallpaper),
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 5,
          outline: 'none',
          transition: 'background-image .6s',
        }}
      >
        <Tooltip title={translate('pv.lock.wallpaper')}>
          <IconButton
            aria-label={translate('pv.lock.wallpaper')}
            onClick={() => setWallpaper(randomWallpaper(wallpaper))}
            sx={{ position: 'absolute', top: 16, right: 16, color: '#fff', bgcolor: 'rgba(0,0,0,.25)', '&:hover': { bgcolor: 'rgba(0,0,0,.4)' } }}
          >
            <WallpaperIcon />
          </IconButton>
        </Tooltip>
        <Clock />
        <Box
          component="form"
          onSubmit={unlock}
          noValidate
          sx={{
            width: 'min(360px, 88vw)',
            p: 3,
            borderRadius: 3,
            bgcolor: 'rgba(255,255,255,.82)',
            backdropFilter: 'blur(8px)',
            boxShadow: '0 8px 32px rgba(0,0,0,.3)',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1.5,
          }}
        >
          <Avatar src={user?.avatar ?? undefined} alt={name} sx={{ width: 72, height: 72, fontSize: 30, bgcolor: 'primary.main' }}>
            {name.slice(0, 1)}
          </Avatar>
          <Typography variant="h6" id="pv-lock-title">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('pv.lock.locked')}
          </Typography>
          <TextField
            type="password"
            label={translate('pv.lock.password')}
            placeholder={translate('pv.lock.placeholder')}
            value={password}
            autoFocus
            fullWidth
            size="small"
            autoComplete="current-password"
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => {
              if (!busy) void verify();
            }}
            error={!!error}
            helperText={error ?? ' '}
          />
          <Button type="submit" variant="contained" fullWidth startIcon={<LockOpenIcon />} disabled={busy} onMouseDown={(e) => e.preventDefault()}>
            {translate('pv.lock.unlock')}
          </Button>
        </Box>
      </Box>
    </Modal>
  );
};

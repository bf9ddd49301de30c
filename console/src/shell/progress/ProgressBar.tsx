import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLoading, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { appConfig } from '../../config.ts';

/** One trickle step: a random part of what is left, never reaching the end (as NProgress does). */
export const trickle = (value: number, random: () => number = Math.random) => Math.min(0.994, value + (1 - value) * (0.02 + random() * 0.08));

/**
 * The page progress bar (SPEC.md §9: speed 500, trickle 200): starts on every navigation, trickles
 * while react-admin loads data, then fills and fades.
 */
export const ProgressBar = () => {
  const { pathname } = useLocation();
  const loading = useLoading();
  const translate = useTranslate();
  const { speed, trickle: trickleMs } = appConfig.progressBar;
  const [value, setValue] = useState<number | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setValue(0.08);
    const timer = window.setInterval(() => setValue((v) => (v === null || v >= 1 ? v : trickle(v))), trickleMs);
    return () => window.clearInterval(timer);
  }, [pathname, trickleMs]);

  const active = value !== null && value < 1;
  useEffect(() => {
    if (!active || loading) return;
    // let the new view mount and start its requests before deciding it is done
    const done = window.setTimeout(() => setValue((v) => (v === null ? v : 1)), trickleMs);
    return () => window.clearTimeout(done);
  }, [active, loading, trickleMs, pathname]);

  useEffect(() => {
    if (value !== 1) return;
    const hide = window.setTimeout(() => setValue(null), speed);
    return () => window.clearTimeout(hide);
  }, [value, speed]);

  return (
    <Box
      role="progressbar"
      aria-label={translate('pv.shell.loading')}
      aria-hidden={value === null}
      data-testid="page-progress"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        zIndex: 2000,
        bgcolor: 'primary.main',
        boxShadow: (t) => `0 0 8px ${t.palette.primary.main}`,
        width: `${(value ?? 0) * 100}%`,
        opacity: value === null || value >= 1 ? 0 : 1,
        transition: `width ${speed}ms ease, opacity ${speed}ms ease`,
        pointerEvents: 'none',
      }}
    />
  );
};

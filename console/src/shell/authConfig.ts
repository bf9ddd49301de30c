import { useEffect, useState } from 'react';
import { AUTH_CONFIG_PATH, type AuthConfig } from '@pv/contract';
import { client } from '../providers/client.ts';

/** What the server offers beyond the password login (register, RSA, external provider, 山海系统); loaded once. */
const NONE: AuthConfig = { register: false, rsa: false, social: null, external: null };
let pending: Promise<AuthConfig> | null = null;

export function loadAuthConfig(): Promise<AuthConfig> {
  pending ??= client
    .get<AuthConfig>(AUTH_CONFIG_PATH, undefined, { silent: true, noRefresh: true })
    .then((reply) => ({ ...NONE, ...reply.data }))
    .catch(() => {
      pending = null;
      return NONE;
    });
  return pending;
}

export function useAuthConfig(): AuthConfig | null {
  const [config, setConfig] = useState<AuthConfig | null>(null);
  useEffect(() => {
    let alive = true;
    void loadAuthConfig().then((c) => alive && setConfig(c));
    return () => {
      alive = false;
    };
  }, []);
  return config;
}

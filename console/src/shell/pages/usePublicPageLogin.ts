import { useAuthProvider } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { LoginResult } from '@pv/contract';
import { useWelcome } from '../LoginPage.tsx';

/**
 * Signs in from a public page inside the app's routes (/register, /callback). react-admin
 * remembered "not authenticated" while that page showed, so its auth queries are reset before
 * going in (otherwise the stale state logs the new session straight out).
 */
export function usePublicPageLogin() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const welcome = useWelcome();
  return async (result: LoginResult & { start_page?: string | null }, name: string) => {
    const ret = (await authProvider?.login({ result, useStartPage: true })) as { redirectTo?: string } | undefined;
    await queryClient.resetQueries({ queryKey: ['auth'] });
    navigate(ret?.redirectTo ?? '/', { replace: true });
    welcome(name);
  };
}

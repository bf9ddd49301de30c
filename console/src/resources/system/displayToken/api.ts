import { useQuery } from '@tanstack/react-query';
import { paths, type DisplayTokenCreated, type DisplayTokenView } from '@pv/contract';
import { client } from '../../../providers/client.ts';

const silent = { silent: true } as const;
export const DISPLAY_TOKENS_KEY = ['display_tokens'];

export function useDisplayTokens() {
  return useQuery({
    queryKey: DISPLAY_TOKENS_KEY,
    queryFn: async () => (await client.get<{ list: DisplayTokenView[]; total: number }>(paths.displayToken('index'), undefined, silent)).data.list,
  });
}

export const displayTokenApi = {
  add: (body: { name: string; valid_days: number | null }) => client.post<DisplayTokenCreated>(paths.displayToken('add'), body, silent),
  revoke: (id: number) => client.post<DisplayTokenView>(paths.displayToken('revoke'), { id }, silent),
};

/** The wall link of a token: the big screen of this console's origin and path, signed in by the token. */
export function wallLink(token: string, location: { origin: string; pathname: string } = window.location): string {
  const base = location.pathname.replace(/[^/]*$/, '');
  return `${location.origin}${base}daping/?token=${encodeURIComponent(token)}`;
}

export type TokenState = 'active' | 'revoked' | 'expired';

export function tokenState(t: Pick<DisplayTokenView, 'revoked_at' | 'expires_at'>, now = Date.now()): TokenState {
  if (t.revoked_at) return 'revoked';
  if (t.expires_at && Date.parse(t.expires_at) <= now) return 'expired';
  return 'active';
}

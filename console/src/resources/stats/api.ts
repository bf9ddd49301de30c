import { useQuery } from '@tanstack/react-query';
import { paths, type StatQuery, type TargetConfig, type TargetConfigView } from '@pv/contract';
import { client } from '../../providers/client.ts';

/**
 * The statistics calls (all POST, SPEC.md §7): `statistic/<name>` and `target/<name>`, through the
 * console's one API client. Errors are not toasted here: each panel shows its own.
 */
export const statPath = (name: string) => (name.startsWith('target/') ? paths.target(name.slice('target/'.length)) : paths.statistic(name));

export async function fetchStat<T>(name: string, body: StatQuery | Record<string, unknown> = {}): Promise<T> {
  const reply = await client.post<T>(statPath(name), body, { silent: true });
  return reply.data;
}

/** One statistics reply for a request body; refetched when the body changes, kept while the next one loads. */
export function useStat<T>(name: string, body: StatQuery | Record<string, unknown>, options: { enabled?: boolean; key?: string } = {}) {
  return useQuery({
    queryKey: ['stat', name, options.key ?? JSON.stringify(body)],
    queryFn: () => fetchStat<T>(name, body),
    enabled: options.enabled ?? true,
    placeholderData: (previous) => previous,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const fetchTargetConfig = () => fetchStat<TargetConfigView>('target/get_config');
export const saveTargetConfig = (config: TargetConfig) => client.post<TargetConfigView>(paths.target('save_config'), config, { silent: true }).then((r) => r.data);

import { usePermissions } from 'react-admin';
import type { AppRoute } from '@pv/contract';
import type { AccessInfo } from '../../providers/authProvider.ts';

const NONE: AppRoute[] = [];

/** The signed-in user's route tree (loaded with the permissions; see authProvider.getPermissions). */
export function useAppRoutes(): AppRoute[] {
  const { permissions } = usePermissions<AccessInfo>();
  return permissions?.routes ?? NONE;
}

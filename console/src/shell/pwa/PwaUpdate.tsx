import { lazy, Suspense } from 'react';
import { appConfig } from '../../config.ts';

// the update prompt (and the service-worker registration) is its own chunk, loaded only when PWA is on
const UpdatePrompt = appConfig.pwa ? lazy(() => import('./UpdatePrompt.tsx')) : null;

/** PWA update prompt (SPEC.md §4 Other): nothing at all when appConfig.pwa is off. */
export const PwaUpdate = () =>
  UpdatePrompt ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;

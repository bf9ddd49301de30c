/**
 * Registers the service worker (production builds, browsers that have one) and publishes
 * 'pv:sw-update' on window when a new version is installed and waiting (SPEC.md §4: a
 * service-worker update publishes an update event). Loaded only when appConfig.pwa is on.
 */
export const SW_UPDATE_EVENT = 'pv:sw-update';

let registration: ServiceWorkerRegistration | null = null;
let started = false;

export function registerServiceWorker(): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  started = true;
  const publish = () => window.dispatchEvent(new CustomEvent(SW_UPDATE_EVENT));
  navigator.serviceWorker
    .register('./sw.js', { scope: './' })
    .then((reg) => {
      registration = reg;
      // an update found earlier (another tab) is already waiting
      if (reg.waiting && navigator.serviceWorker.controller) publish();
      reg.addEventListener('updatefound', () => {
        const worker = reg.installing;
        worker?.addEventListener('statechange', () => {
          // installed while an older version controls the page: that's an update (not the first install)
          if (worker.state === 'installed' && navigator.serviceWorker.controller) publish();
        });
      });
      // look for a new version now and then (the browser also checks on navigation)
      setInterval(() => void reg.update().catch(() => undefined), 60 * 60 * 1000);
    })
    .catch(() => undefined);
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage('SKIP_WAITING');
}

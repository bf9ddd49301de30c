import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyNavigationGuard, extractUrlToken } from './shell/guard.ts';
import { session } from './providers/session.ts';
import { appConfig } from './config.ts';
import { installErrorCapture } from './shell/errorLog/store.ts';

// error log (SPEC.md §4): capture uncaught errors and unhandled rejections from the start
if (appConfig.errorLog) installErrorCapture();

// Navigation guard (SPEC.md §2): without a token, start straight on the login page, remembering the
// requested path as ?redirect=. (Letting react-admin's requireAuth discover it instead costs a burst
// of redundant navigations before the login page shows.)
// A `token` query parameter (any route but login) becomes the session, identity 'system', and is
// stripped from the address; with a token /login goes to /.
applyNavigationGuard(window, session);
// a token link opened in the running console: adopt it and start over with the new session
window.addEventListener('hashchange', () => {
  if (extractUrlToken(window.location.href).cleanUrl !== null && applyNavigationGuard(window, session)) window.location.reload();
});

createRoot(document.getElementById('root')!).render(<App />);

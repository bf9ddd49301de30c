import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loginRedirect } from './shell/guard.ts';
import { session } from './providers/session.ts';

// Navigation guard (SPEC.md §2): without a token, start straight on the login page, remembering the
// requested path as ?redirect=. (Letting react-admin's requireAuth discover it instead costs a burst
// of redundant navigations before the login page shows.)
const target = loginRedirect(window.location.hash, !!session.getToken());
if (target) window.history.replaceState(window.history.state, '', target);

createRoot(document.getElementById('root')!).render(<App />);

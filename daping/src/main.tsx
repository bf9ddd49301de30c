import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { LANG_KEY, initialLang, parsePush, parseRefreshSeconds, takeTokenFromUrl } from './logic.ts';
import './styles.css';

// A `token` query parameter signs the screen in (the console's 大屏 link may pass one); it is stored
// like the console stores it and removed from the address bar at once.
const taken = takeTokenFromUrl(window.location.href, localStorage);
if (taken) window.history.replaceState(window.history.state, '', taken.cleanUrl);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App refreshSeconds={parseRefreshSeconds(window.location.search)} push={parsePush(window.location.search)} initialLang={initialLang(window.location.search, localStorage.getItem(LANG_KEY))} />
  </StrictMode>,
);

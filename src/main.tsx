import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { readLogin } from './services/storage';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Static public pages arrive prerendered (scripts/prerender.mjs) for a logged-out visitor: hydrate
// them. Anything else (another path, or a member whose header differs) renders from scratch.
// Both as a transition: React renders in slices and yields to the browser between them (input,
// paint) instead of one long task — the page is on screen already, or its HTML is.
const prerenderedPath = container.dataset.prerendered;
if (prerenderedPath === window.location.pathname && !readLogin()?.token) {
  startTransition(() => {
    hydrateRoot(container, <AppRoot />);
  });
} else {
  container.textContent = '';
  const root = createRoot(container);
  startTransition(() => root.render(<AppRoot />));
}

import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { readLogin } from './services/storage';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Static public pages arrive prerendered (scripts/prerender.mjs) for a logged-out visitor: hydrate
// them. Anything else (another path, or a member whose header differs) renders from scratch.
const prerenderedPath = container.dataset.prerendered;
if (prerenderedPath === window.location.pathname && !readLogin()?.token) {
  hydrateRoot(container, <AppRoot />);
} else {
  container.textContent = '';
  createRoot(container).render(<AppRoot />);
}

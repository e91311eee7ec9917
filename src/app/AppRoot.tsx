import { StrictMode, type ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { SessionProvider } from '../flows/sessionShell';
import { AppToaster } from '../components/AppToaster';
import { TransitionRouter } from './TransitionRouter';

/**
 * The whole app. The browser renders it with history routing; the build prerenders the static
 * public pages with a static router (`location`), and the browser then hydrates the same tree.
 */
export function AppRoot({ location }: { location?: string }) {
  const routed = (router: (children: ReactNode) => ReactNode) =>
    router(
      <SessionProvider>
        <App />
      </SessionProvider>,
    );
  return (
    <StrictMode>
      <AppProviders>
        {location === undefined
          ? routed((children) => <TransitionRouter>{children}</TransitionRouter>)
          : routed((children) => <StaticRouter location={location}>{children}</StaticRouter>)}
        <AppToaster />
      </AppProviders>
    </StrictMode>
  );
}

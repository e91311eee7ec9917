import type { Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../src/app/AppProviders';

/**
 * The app's own Chakra system (src/app/theme.ts via AppProviders), not a copy, and a router so
 * views with links render. A story picks the current path with `parameters.route`.
 */
const preview: Preview = {
  decorators: [
    (Story, context) => {
      const route = (context.parameters.route as string | undefined) ?? '/';
      return (
        <AppProviders>
          <MemoryRouter initialEntries={[route]}>
            <Story />
          </MemoryRouter>
        </AppProviders>
      );
    },
  ],
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        phone: { name: '手机 390×844', styles: { width: '390px', height: '844px' } },
        desktop: { name: '桌面 1440×900', styles: { width: '1440px', height: '900px' } },
      },
    },
  },
};

export default preview;

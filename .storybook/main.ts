import type { StorybookConfig } from '@storybook/react-vite';

// Every view in every state its machine can be in (DESIGN §4); run in Vitest as portable stories too.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  addons: [],
  // The site's own static files (the demo banners under /promo/).
  staticDirs: ['../public'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;

import { testStories, type StoriesModule } from './run';

testStories(
  'auth',
  import.meta.glob<StoriesModule>('../../stories/{auth,site,shell,promo,lists}/**/*.stories.tsx', { eager: true }),
);

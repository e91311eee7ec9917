import { testStories, type StoriesModule } from './run';

testStories(
  'home',
  import.meta.glob<StoriesModule>('../../stories/{home,user,course,campaigns,lottery}/**/*.stories.tsx', {
    eager: true,
  }),
);

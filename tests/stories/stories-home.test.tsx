import { testStories, type StoriesModule } from './run';

testStories(
  'home',
  import.meta.glob<StoriesModule>('../../stories/{home,user,course,lottery}/**/*.stories.tsx', { eager: true }),
);

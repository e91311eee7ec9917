import { testStories, type StoriesModule } from './run';

testStories(
  'home',
  import.meta.glob<StoriesModule>('../../stories/{home,user,course,campaigns}/**/*.stories.tsx', { eager: true }),
);

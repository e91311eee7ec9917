import { testStories, type StoriesModule } from './run';

testStories(
  'tasks',
  import.meta.glob<StoriesModule>('../../stories/{handoff,tasks,poll,forum}/**/*.stories.tsx', { eager: true }),
);

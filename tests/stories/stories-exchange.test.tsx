import { testStories, type StoriesModule } from './run';

testStories(
  'exchange',
  import.meta.glob<StoriesModule>('../../stories/{exchange,benefits,messages}/**/*.stories.tsx', { eager: true }),
);

import { testStories, type StoriesModule } from './run';

testStories(
  'exchange',
  import.meta.glob<StoriesModule>('../../stories/{exchange,benefits,messages,prize}/**/*.stories.tsx', { eager: true }),
);

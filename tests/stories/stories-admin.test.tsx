import { testStories, type StoriesModule } from './run';

testStories('admin', import.meta.glob<StoriesModule>('../../stories/admin/**/*.stories.tsx', { eager: true }));

import { testStories, type StoriesModule } from './run';

testStories('home', import.meta.glob<StoriesModule>('../../stories/{home,user}/**/*.stories.tsx', { eager: true }));

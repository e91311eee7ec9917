import { storiesOf, testStories, type StoriesModule } from './run';

/** The catch-all shard: its folders and every folder of stories/ no shard names. */
testStories('auth', await storiesOf('auth', import.meta.glob<StoriesModule>('../../stories/**/*.stories.tsx')));

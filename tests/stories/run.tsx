import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react';
import preview from '../../.storybook/preview';
import { matchRoute } from '../../src/routing/paths';
import { isConsolePath } from '../../src/admin/routing/paths';

/**
 * Every story of stories/ rendered as a portable story with the real preview (the app's
 * Chakra system and a router). Each story has its own `play` that checks what its state shows
 * (stories/play.ts): a story without one, one that throws, or one whose view stops showing
 * its state fails CI. Every link a story shows to a path of this site must lead to a routed path:
 * a page not built yet is not linked to.
 *
 * The stories are run in a few files (`stories-<shard>.test.tsx`, each globbing its folders) so
 * that the test workers share them. A new folder of stories/ needs no entry: a folder no shard
 * names runs in the catch-all shard (`auth`); name it in a shard only to move it elsewhere.
 */
setProjectAnnotations(preview);

export type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

/** The folders of stories/ each shard file runs (the catch-all `auth` also runs every folder named nowhere). */
export const SHARDS = {
  home: ['home', 'user', 'course', 'campaigns', 'lottery'],
  auth: ['auth', 'site', 'shell', 'promo', 'lists'],
  exchange: ['exchange', 'benefits', 'messages', 'prize'],
  tasks: ['handoff', 'tasks', 'poll', 'forum'],
  admin: ['admin'],
} as const;

/** Paths the server answers itself, not pages of the app: the API and the local demo survey partner. */
const SERVER_PATHS = /^\/(api|demo-partner)\//;

/** Paths of this site the rendered story links to that no route renders. */
function unroutedLinks(container: HTMLElement): string[] {
  return [...container.querySelectorAll('a[href]')]
    .map((a) => new URL(a.getAttribute('href')!, window.location.origin))
    .filter(
      // The console's links (/admin…) must lead to one of its own routes.
      (url) =>
        url.origin === window.location.origin &&
        !SERVER_PATHS.test(url.pathname) &&
        !(url.pathname.startsWith('/admin') ? isConsolePath(url.pathname) : matchRoute(url.pathname)),
    )
    .map((url) => url.pathname);
}

/** The folder of stories/ a globbed story file is in. */
export const folderOf = (file: string) => file.replace(/^(\.\.\/)+stories\//, '').split('/')[0] ?? '';

export type Shard = keyof typeof SHARDS;
const CATCH_ALL: Shard = 'auth';

/** The shard that runs the stories of `folder`: the one naming it, else the catch-all. */
export function shardOf(folder: string): Shard {
  const named = (Object.keys(SHARDS) as Shard[]).find((s) => (SHARDS[s] as readonly string[]).includes(folder));
  return named ?? CATCH_ALL;
}

/** Of every story file (a lazy glob of stories/), the modules `shard` runs, loaded. */
export async function storiesOf(shard: Shard, files: Record<string, () => Promise<StoriesModule>>) {
  const mine = Object.entries(files).filter(([file]) => shardOf(folderOf(file)) === shard);
  return Object.fromEntries(await Promise.all(mine.map(async ([file, load]) => [file, await load()] as const)));
}

/** Test every story of `modules` (the shard's glob), which must hold only the shard's folders. */
export function testStories(shard: Shard, modules: Record<string, StoriesModule>) {
  describe(`stories: ${shard}`, () => {
    it('finds its story files, all in its folders', () => {
      const files = Object.keys(modules);
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((f) => shardOf(folderOf(f)) !== shard)).toEqual([]);
    });
  });

  for (const [file, mod] of Object.entries(modules)) {
    describe(file.replace(/^(\.\.\/)+stories\//, ''), () => {
      const stories = Object.entries(composeStories(mod)) as [string, ComposedStory][];
      it('has stories', () => expect(stories.length).toBeGreaterThan(0));
      for (const [name, Story] of stories) {
        // Under load (CI shares two cores) a story with several checks can take a few seconds.
        it(`${name} shows its state`, { timeout: 15_000 }, async () => {
          // The story's own play, not one inherited from the file's meta: each state is checked for itself.
          const ownPlay = (mod as unknown as Record<string, { play?: unknown }>)[name]?.play;
          expect(ownPlay, `${name} has no play`).toBeTypeOf('function');
          const { container, unmount } = render(<Story />);
          await Story.play!({ canvasElement: container });
          expect(container.textContent?.trim().length ?? 0).toBeGreaterThan(0);
          expect(unroutedLinks(container)).toEqual([]);
          unmount();
        });
      }
    });
  }
}

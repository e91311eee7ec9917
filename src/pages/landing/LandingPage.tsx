import { useEffect, useState, type ComponentType } from 'react';
import { routedPath, APP_PATHS, REGISTER_PATH, TASKS_PATH } from '../../routing/paths';
import type { RecommendedTasksProps } from '../../components/task/RecommendedTasks';
import type { PromoShowcaseProps } from '../../components/promo/PromoShowcase';
import { DESKTOP_QUERY } from '../../components/useMediaQuery';
import { LandingView } from './LandingView';

/** How many recommended tasks the landing page shows. */
const RECOMMEND_LIMIT = 6;
/** The section of LandingView after which the recommendations appear (id of its 任务类型 section). */
const LOAD_ANCHOR_ID = 'tasks';
/** Start loading when 任务类型 is this close below the screen. */
const LOAD_AHEAD_PX = 200;

interface Loaded {
  recommended: {
    Grid: ComponentType<RecommendedTasksProps>;
    tasks: RecommendedTasksProps['tasks'];
    linkFor: RecommendedTasksProps['linkFor'];
  } | null;
  promotions: {
    Showcase: ComponentType<PromoShowcaseProps>;
    banners: PromoShowcaseProps['banners'];
    events: PromoShowcaseProps['events'];
  } | null;
}

/** Each part is optional: its failure (or its chunk's) leaves just that part out. */
const orNone = <T,>(p: Promise<T[]>): Promise<T[]> => p.catch(() => []);

/**
 * Container of `/`: visitors only (the guard sends members to /home). The page is prerendered;
 * once the visitor scrolls near 任务类型 it loads the recommended tasks and the landing page's
 * banners and campaigns (for the screen it is on) — the API client, contract schemas, the task
 * grid and the carousel arrive by dynamic import, outside the landing chunk, and not during the
 * first paint, which does not need them — and shows each below that section only when there are
 * some. A visitor choosing a task goes to login and then to that task.
 */
export default function LandingPage() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const anchor = document.getElementById(LOAD_ANCHOR_ID);
    // waiting → (visitor nears 任务类型) loading → ready → (insertion point off screen) shown
    let phase: 'waiting' | 'loading' | 'ready' | 'done' = 'waiting';
    let pending: Loaded | null = null;

    const stop = () => window.removeEventListener('scroll', check);
    const finish = (result: Loaded | null) => {
      phase = 'done';
      stop();
      if (result) setLoaded(result);
    };
    function check() {
      const rect = anchor?.getBoundingClientRect();
      if (phase === 'waiting' && (!rect || rect.top < window.innerHeight + LOAD_AHEAD_PX)) {
        phase = 'loading';
        void load();
      }
      // Never insert where the visitor is looking (that would shift what they read): wait until
      // the insertion point — the end of 任务类型 — is off screen.
      if (phase === 'ready' && (!rect || rect.bottom < 0 || rect.bottom > window.innerHeight)) finish(pending);
    }
    async function load() {
      try {
        const screen = window.matchMedia?.(DESKTOP_QUERY).matches ? 'desktop' : 'phone';
        const [flow, grid, content, promo] = await Promise.all([
          import('../../flows/tasks'),
          import('../../components/task/RecommendedTasks'),
          import('../../flows/content'),
          import('../../components/promo/PromoShowcase'),
        ]);
        const [tasks, banners, events] = await Promise.all([
          orNone(flow.loadRecommended(RECOMMEND_LIMIT, controller.signal)),
          orNone(content.loadBanners('landing', screen, controller.signal)),
          orNone(content.loadEvents('landing', screen, controller.signal)),
        ]);
        if (controller.signal.aborted) return;
        if (tasks.length === 0 && banners.length === 0 && events.length === 0) return finish(null);
        pending = {
          recommended: tasks.length ? { Grid: grid.RecommendedTasks, tasks, linkFor: grid.visitorTaskLink } : null,
          promotions: banners.length || events.length ? { Showcase: promo.PromoShowcase, banners, events } : null,
        };
        phase = 'ready';
        check();
      } catch {
        // Optional sections: a failed chunk leaves the page as prerendered.
        finish(null);
      }
    }

    window.addEventListener('scroll', check, { passive: true });
    check();
    return () => {
      stop();
      controller.abort();
    };
  }, []);

  return (
    <LandingView
      registerPath={REGISTER_PATH}
      taskPath={TASKS_PATH}
      appPath={routedPath(APP_PATHS.intro)}
      recommended={
        loaded?.recommended ? (
          <loaded.recommended.Grid tasks={loaded.recommended.tasks} linkFor={loaded.recommended.linkFor} />
        ) : undefined
      }
      campaigns={
        loaded?.promotions ? (
          <loaded.promotions.Showcase
            banners={loaded.promotions.banners}
            events={loaded.promotions.events}
            label="首页轮播图"
          />
        ) : undefined
      }
    />
  );
}

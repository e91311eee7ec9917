import { useEffect, useState, type ComponentType } from 'react';
import type { RecommendedTasksProps } from '../../components/task/RecommendedTasks';
import { LandingView } from './LandingView';

/** How many recommended tasks the landing page shows. */
const RECOMMEND_LIMIT = 6;

interface Loaded {
  Grid: ComponentType<RecommendedTasksProps>;
  tasks: RecommendedTasksProps['tasks'];
  linkFor: RecommendedTasksProps['linkFor'];
}

/**
 * Container of `/`: visitors only (the guard sends members to /home). The page is prerendered;
 * after mount it loads the recommended tasks — the API client, contract schemas and the task
 * grid arrive by dynamic import, outside the landing chunk — and shows them only when there are
 * some. A visitor choosing one goes to login and then to that task.
 */
export default function LandingPage() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    import('../../components/task/recommended')
      .then(async (m) => {
        const tasks = await m.loadRecommended(RECOMMEND_LIMIT, controller.signal);
        if (!controller.signal.aborted && tasks.length > 0)
          setLoaded({ Grid: m.RecommendedTasks, tasks, linkFor: m.visitorTaskLink });
      })
      .catch(() => {
        // Optional section: a failed load (or chunk) leaves the page as prerendered.
      });
    return () => controller.abort();
  }, []);

  return (
    <LandingView
      registerPath="/register"
      taskPath="/task"
      appPath="/app"
      recommended={loaded ? <loaded.Grid tasks={loaded.tasks} linkFor={loaded.linkFor} /> : undefined}
    />
  );
}

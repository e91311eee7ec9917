import { Box } from '@chakra-ui/react';
import { CardGrid } from '../CardGrid';
import type { TaskCardView } from './model';
import { TaskListItem } from './TaskListItem';
import { loginFor, taskDetailPath } from '../../routing/paths';

export interface RecommendedTasksProps {
  tasks: TaskCardView[];
  /** Where a card leads: the task's detail page for members, login with a redirect back for visitors. */
  linkFor: (hashId: string) => string;
  now?: number;
}

/** 推荐任务: a grid of task tiles (landing page and /home). Renders nothing without tasks. */
export function RecommendedTasks({ tasks, linkFor, now }: RecommendedTasksProps) {
  if (tasks.length === 0) return null;
  return (
    <CardGrid>
      {tasks.map((t) => (
        <Box as="li" key={t.hashId}>
          <TaskListItem task={t} to={linkFor(t.hashId)} now={now} layout="tile" />
        </Box>
      ))}
    </CardGrid>
  );
}

/** A visitor choosing a task logs in first and then lands on that task. */
export const visitorTaskLink = (hashId: string) => loginFor(taskDetailPath(hashId));

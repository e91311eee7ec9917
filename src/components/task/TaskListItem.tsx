import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { TaskCardView } from './model';
import { TaskBadges, TaskFacts, TaskReward } from './TaskMeta';

export interface TaskListItemProps {
  task: TaskCardView;
  /** Where the card leads: the detail page, or login with a redirect back for visitors. */
  to: string;
  now?: number;
  /** Cards in a grid (recommendations) stack the reward under the title. */
  layout?: 'row' | 'tile';
}

/** One task in a list or grid: a link card with title, type, module, reward, facts and my state. */
export function TaskListItem({ task, to, now, layout = 'row' }: TaskListItemProps) {
  const tile = layout === 'tile';
  return (
    <Box
      asChild
      display="block"
      layerStyle="outlinedCard"
      p={{ base: '4', md: '5' }}
      transition="box-shadow .2s, border-color .2s"
      _hover={{ borderColor: 'brand.200', boxShadow: '0 6px 20px rgba(227, 93, 6, 0.10)' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      data-testid="task-card"
      height={tile ? '100%' : undefined}
    >
      <RouterLink to={to} aria-label={`${task.title}，${task.points} 微豆`}>
        <Flex
          direction={tile ? 'column' : 'row'}
          gap={tile ? '3' : { base: '3', sm: '5' }}
          align={tile ? 'stretch' : 'center'}
          height={tile ? '100%' : undefined}
        >
          <Stack gap="2" flex="1" minW="0">
            <TaskBadges {...task} />
            {/* Rows list the tasks of a page under its h1 (/task); tiles sit in a section under an h2. */}
            <Heading as={layout === 'row' ? 'h2' : 'h3'} textStyle="title.card" lineHeight="1.5" lineClamp={2}>
              {task.title}
            </Heading>
            <TaskFacts {...task} now={now} />
          </Stack>
          <Box
            flexShrink={0}
            textAlign={tile ? 'left' : 'right'}
            borderTopWidth={tile ? '1px' : '0'}
            borderColor="gray.100"
            pt={tile ? '3' : '0'}
            mt={tile ? 'auto' : undefined}
            maxW={tile ? undefined : { base: '96px', sm: '180px' }}
            minW={tile ? undefined : { sm: '120px' }}
          >
            <Flex direction="column" align={tile ? 'flex-start' : 'flex-end'}>
              <TaskReward {...task} />
            </Flex>
          </Box>
        </Flex>
      </RouterLink>
    </Box>
  );
}

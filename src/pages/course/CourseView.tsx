import { Badge, Box, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { CourseFrame, quizRulesText } from '../../components/course/CourseFrame';
import { LinkRow } from '../../components/LinkRow';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { PillLink } from '../../components/PillLink';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';
import { TASKS_PATH } from '../../routing/paths';

export interface CourseLessonRow {
  id: number;
  title: string;
  summary: string;
  minutes: number;
  read: boolean;
}

export interface CourseListData {
  lessons: CourseLessonRow[];
  readCount: number;
  quiz: { questionCount: number; passMark: number; rewardPoints: number; attemptsPerDay: number };
  quizPassed: boolean;
}

export interface CourseViewProps {
  status: 'loading' | 'ready' | 'error';
  course: CourseListData | null;
  error?: string | null;
  onRetry?: () => void;
  loggedIn: boolean;
  lessonPath: (id: number) => string;
  /** The quiz page; null while it is not built. */
  quizHref: string | null;
  loginHref: string;
  /** My quiz today (getQuizStatus), for a member; null while unknown or for a visitor. */
  quizStatus?: QuizToday | null;
}

export interface QuizToday {
  /** Attempts I may still start today. */
  attemptsLeft: number;
  /** An attempt started today and not handed in: the quiz page resumes it. */
  resuming: boolean;
  /** My last handed-in attempt's result page; null before any. */
  lastResultHref: string | null;
}

/** `/course` 新手课程: the lessons in order with what I have read, and the quiz that pays the newcomer reward. */
export function CourseView(props: CourseViewProps) {
  const { status, course } = props;
  return (
    <CourseFrame>
      <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} color="ink" mb={{ base: '3', md: '5' }}>
        新手课程
      </Heading>
      {status === 'loading' ? (
        <LoadingState label="正在加载课程…" paddingTop={80} />
      ) : status === 'error' || !course ? (
        <ErrorState
          paddingTop={80}
          title="课程加载失败"
          description={props.error || undefined}
          onRetry={props.onRetry}
        />
      ) : course.lessons.length === 0 ? (
        <EmptyState
          title="课程还在准备中"
          description="新手课程即将上线，先去看看任务吧。"
          link={{ to: TASKS_PATH, label: '去做任务' }}
        />
      ) : (
        <Stack gap={{ base: '3', md: '4' }}>
          <Progressbar {...props} course={course} />
          <WhiteCard as="section" aria-labelledby="course-lessons" overflow="hidden">
            <Heading as="h2" id="course-lessons" srOnly>
              课程列表
            </Heading>
            <PlainList>
              {course.lessons.map((l, i) => (
                <LinkRow key={l.id} to={props.lessonPath(l.id)} py="4">
                  <Flex flex="1" minW="0" gap="3" align="flex-start">
                    <Box
                      flexShrink={0}
                      w="7"
                      h="7"
                      borderRadius="full"
                      display="flex"
                      alignItems="center"
                      justifyContent="center"
                      fontSize="13px"
                      fontWeight="semibold"
                      bg={l.read ? 'green.500' : 'brand.50'}
                      color={l.read ? 'white' : 'brand.700'}
                      aria-hidden="true"
                    >
                      {l.read ? '✓' : i + 1}
                    </Box>
                    <Box minW="0">
                      <Text fontSize="15px" fontWeight="semibold" color="gray.800">
                        {l.title}
                      </Text>
                      <Text mt="0.5" textStyle="caption.muted">
                        {l.summary}
                      </Text>
                      <Flex mt="1.5" gap="2" align="center">
                        <Text textStyle="caption.soft">约 {l.minutes} 分钟</Text>
                        {l.read ? (
                          <Badge colorPalette="green" variant="subtle">
                            已学完
                          </Badge>
                        ) : props.loggedIn ? (
                          <Badge colorPalette="gray" variant="subtle">
                            未学
                          </Badge>
                        ) : null}
                      </Flex>
                    </Box>
                  </Flex>
                </LinkRow>
              ))}
            </PlainList>
          </WhiteCard>
          <QuizCard {...props} course={course} />
        </Stack>
      )}
    </CourseFrame>
  );
}

function Progressbar({ course, loggedIn, loginHref }: CourseViewProps & { course: CourseListData }) {
  const total = course.lessons.length;
  const done = course.readCount;
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="4" data-testid="course-progress">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="15px" fontWeight="semibold" color="gray.800">
          {!loggedIn
            ? `共 ${total} 课，学完后参加新手答题`
            : done === total
              ? `已全部学完（${done}/${total}）`
              : done === 0
                ? `还没有开始学习（0/${total}）`
                : `已学 ${done}/${total} 课`}
        </Text>
        {!loggedIn && <PillLink to={loginHref}>登录后记录进度</PillLink>}
      </Flex>
      {loggedIn && (
        <Progress.Root mt="3" value={total ? Math.round((done / total) * 100) : 0} size="sm" colorPalette="brand">
          <Progress.Track borderRadius="full">
            <Progress.Range />
          </Progress.Track>
          <Progress.Label srOnly>学习进度</Progress.Label>
        </Progress.Root>
      )}
    </WhiteCard>
  );
}

function QuizCard({ course, quizHref, loggedIn, quizStatus }: CourseViewProps & { course: CourseListData }) {
  if (!quizHref) return null;
  const today = loggedIn ? quizStatus : null;
  const used = today && !today.resuming && today.attemptsLeft === 0;
  const start = today?.resuming ? '继续答题' : course.quizPassed ? '再练一次' : loggedIn ? '开始答题' : '登录后答题';
  return (
    <WhiteCard as="section" aria-labelledby="course-quiz" px={{ base: '4', md: '6' }} py="5">
      <Flex align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4">
        <Box flex="1" minW="0">
          <Heading as="h2" id="course-quiz" fontSize="16px" color="ink">
            新手答题
          </Heading>
          <Text mt="1" textStyle="caption.muted">
            {quizRulesText(course.quiz)}
          </Text>
          {course.quizPassed && (
            <Text mt="1" fontSize="14px" color="green.700">
              你已通过新手答题，新手奖励已发放。
            </Text>
          )}
          {today && (
            <Text mt="1" fontSize="14px" color={used ? 'orange.700' : 'gray.700'}>
              {today.resuming
                ? '你今天有一次答题还没交卷，可以接着答。'
                : used
                  ? '今天的答题次数已用完，明天再来吧。'
                  : `今天还可以答 ${today.attemptsLeft} 次。`}
            </Text>
          )}
        </Box>
        <Flex gap="2" flexShrink={0} direction={{ base: 'column', sm: 'row' }}>
          {today?.lastResultHref && (
            <PillLink to={today.lastResultHref} flexShrink={0}>
              上次结果
            </PillLink>
          )}
          {!used && (
            <PillLink to={quizHref} colorPalette="brand" variant="solid" flexShrink={0}>
              {start}
            </PillLink>
          )}
        </Flex>
      </Flex>
    </WhiteCard>
  );
}

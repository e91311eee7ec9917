import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArticleText } from '../../components/ArticleText';
import { BackHeader } from '../../components/BackHeader';
import { CourseFrame } from '../../components/course/CourseFrame';
import { PillLink } from '../../components/PillLink';
import { DetailStates } from '../../components/DetailStates';
import { WhiteCard } from '../../components/WhiteCard';

export interface LessonData {
  id: number;
  title: string;
  /** Sanitized HTML (sanitized by the server when stored). */
  content: string;
  minutes: number;
  position: number;
  total: number;
  prevId: number | null;
  nextId: number | null;
}

export interface LessonViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  lesson: LessonData | null;
  error?: string | null;
  onRetry?: () => void;
  loggedIn: boolean;
  /** Read to its end (学完了 pressed now or before). */
  read: boolean;
  sending: boolean;
  onMarkRead?: () => void;
  lessonPath: (id: number) => string;
  coursePath: string;
  /** The quiz page; null while it is not built. */
  quizHref: string | null;
  loginHref: string;
}

/** `/course/{id}`: one lesson, 学完了 at its end, the next lesson or the quiz after the last. */
export function LessonView(props: LessonViewProps) {
  const { status, lesson } = props;
  const back = { to: props.coursePath, label: '新手课程' };
  return (
    <CourseFrame>
      <Stack gap={{ base: '3', md: '4' }}>
        <BackHeader back={back} title={lesson ? `第 ${lesson.position}/${lesson.total} 课` : '课程'} />
        <DetailStates
          status={status === 'ready' && !lesson ? 'error' : status}
          loadingLabel="正在加载课程…"
          notFound={{ title: '这节课不存在或已下线', description: '回到课程列表看看其他课吧。', link: back }}
          failedTitle="课程加载失败"
          error={props.error}
          onRetry={props.onRetry}
        >
          {() =>
            lesson && (
              <WhiteCard
                as="article"
                aria-labelledby="lesson-title"
                px={{ base: '4', md: '8' }}
                py={{ base: '5', md: '7' }}
              >
                <ArticleText
                  titleId="lesson-title"
                  title={lesson.title}
                  html={lesson.content}
                  bodyLabel="课程内容"
                  meta={
                    <>
                      <Text as="span">约 {lesson.minutes} 分钟</Text>
                      {props.read && (
                        <Badge colorPalette="green" variant="subtle">
                          已学完
                        </Badge>
                      )}
                    </>
                  }
                />
                <Finish {...props} lesson={lesson} />
              </WhiteCard>
            )
          }
        </DetailStates>
      </Stack>
    </CourseFrame>
  );
}

function Finish({
  lesson,
  read,
  sending,
  onMarkRead,
  loggedIn,
  lessonPath,
  quizHref,
  loginHref,
}: LessonViewProps & { lesson: LessonData }) {
  const next =
    lesson.nextId !== null
      ? { to: lessonPath(lesson.nextId), label: '下一课' }
      : quizHref
        ? { to: quizHref, label: '去答题' }
        : null;
  return (
    <Box mt={{ base: '6', md: '8' }} pt="5" borderTopWidth="1px" borderColor="gray.100" data-testid="lesson-finish">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="14px" color={read ? 'green.700' : 'gray.600'} role="status">
          {read ? '这节课已学完' : loggedIn ? '读完了？点“学完了”记录进度' : '登录后可以记录学习进度'}
        </Text>
        <Flex gap="2" wrap="wrap">
          {lesson.prevId !== null && <PillLink to={lessonPath(lesson.prevId)}>上一课</PillLink>}
          {!loggedIn ? (
            <PillLink to={loginHref}>去登录</PillLink>
          ) : !read ? (
            <Button
              size="sm"
              colorPalette="brand"
              borderRadius="full"
              px="6"
              loading={sending}
              loadingText="学完了"
              onClick={onMarkRead}
            >
              学完了
            </Button>
          ) : null}
          {next && (read || !loggedIn) && (
            <Button
              asChild
              size="sm"
              colorPalette="brand"
              variant={read ? 'solid' : 'outline'}
              borderRadius="full"
              px="6"
            >
              <RouterLink to={next.to}>{next.label}</RouterLink>
            </Button>
          )}
        </Flex>
      </Flex>
    </Box>
  );
}

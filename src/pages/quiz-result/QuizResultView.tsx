import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import { BrandCard } from '../../components/BrandCard';
import { CourseFrame } from '../../components/course/CourseFrame';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { PillLink } from '../../components/PillLink';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';

export interface QuizResultData {
  attemptId: number;
  score: number;
  total: number;
  passMark: number;
  passed: boolean;
  rewardPoints: number;
  rewardedBefore: boolean;
  missed: {
    questionId: number;
    stem: string;
    yourAnswer: string;
    rightAnswer: string;
    explanation: string;
    lessonId: number;
    lessonTitle: string;
  }[];
  attemptsLeft: number;
}

export interface QuizResultViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  result: QuizResultData | null;
  error?: string | null;
  onRetry?: () => void;
  lessonPath: (id: number) => string;
  coursePath: string;
  quizPath: string;
  /** 微豆明细; null while it is not built. */
  pointsHref: string | null;
  /** The task list, the onward step once the quiz is passed; null while it is not built. */
  tasksHref?: string | null;
}

/** `/answerSheet/result`: the score against the pass mark, the reward (or why none), each missed question with the lesson to reread. */
export function QuizResultView(props: QuizResultViewProps) {
  const { status, result } = props;
  const back = { to: props.coursePath, label: '新手课程' };
  return (
    <CourseFrame>
      <Stack gap={{ base: '3', md: '4' }}>
        <BackHeader back={back} title="答题结果" heading />
        {status === 'loading' ? (
          <WhiteCard minH="240px">
            <LoadingState label="正在加载答题结果…" paddingTop={40} />
          </WhiteCard>
        ) : status === 'notFound' ? (
          <WhiteCard minH="240px">
            <EmptyState
              paddingTop={32}
              title="没有找到这次答题的结果"
              description="交卷后才能查看结果。"
              link={{ to: props.quizPath, label: '去答题' }}
            />
          </WhiteCard>
        ) : status === 'error' || !result ? (
          <WhiteCard minH="240px">
            <ErrorState
              paddingTop={32}
              title="答题结果加载失败"
              description={props.error || undefined}
              onRetry={props.onRetry}
            />
          </WhiteCard>
        ) : (
          <Ready {...props} result={result} />
        )}
      </Stack>
    </CourseFrame>
  );
}

function rewardLine(r: QuizResultData): string {
  if (!r.passed) return `及格线是 ${r.passMark} 题，还差 ${r.passMark - r.score} 题。复习下面的课程再来一次吧。`;
  if (r.rewardPoints > 0) return `恭喜通过！新手奖励 ${r.rewardPoints} 微豆已到账。`;
  return '恭喜再次通过！新手奖励每人只发一次，你之前已经领取过，这次不再发放。';
}

function Ready({
  result: r,
  lessonPath,
  quizPath,
  coursePath,
  pointsHref,
  tasksHref = null,
}: QuizResultViewProps & { result: QuizResultData }) {
  // Passed: the way onward (the tasks, else back to the course) is the primary button, practising
  // again only a second choice. Failed: trying again is the point.
  const onward = r.passed ? (tasksHref ? { to: tasksHref, label: '去做任务赚微豆' } : null) : null;
  const retryPrimary = !r.passed;
  return (
    <>
      <BrandCard data-testid="quiz-score">
        <Text textStyle="body.onBrand">{r.passed ? '已及格' : '未及格'}</Text>
        <Flex mt="1" align="baseline" gap="2">
          <Text fontSize={{ base: '36px', md: '44px' }} fontWeight="bold" lineHeight="1.1">
            {r.score}
          </Text>
          <Text fontSize="16px">/ {r.total} 题答对</Text>
        </Flex>
        <Text mt="2" textStyle="body.onBrand" role="status">
          {rewardLine(r)}
        </Text>
      </BrandCard>
      <Flex gap="2" wrap="wrap">
        {onward && (
          <PillLink to={onward.to} variant="solid" data-primary="">
            {onward.label}
          </PillLink>
        )}
        {r.passed && (
          <PillLink to={coursePath} variant={onward ? 'outline' : 'solid'} data-primary={onward ? undefined : ''}>
            回到课程
          </PillLink>
        )}
        {r.attemptsLeft > 0 ? (
          <PillLink
            to={quizPath}
            variant={retryPrimary ? 'solid' : 'outline'}
            data-primary={retryPrimary ? '' : undefined}
          >
            {r.passed ? '再练一次' : '再答一次'}（今天还剩 {r.attemptsLeft} 次）
          </PillLink>
        ) : (
          <Text fontSize="14px" color="gray.600" alignSelf="center">
            今天的答题机会已用完，明天 0 点（北京时间）后可以再来。
          </Text>
        )}
        {!r.passed && <PillLink to={coursePath}>回到课程</PillLink>}
        {r.rewardPoints > 0 && pointsHref && <PillLink to={pointsHref}>查看微豆明细</PillLink>}
      </Flex>
      {r.missed.length > 0 ? (
        <WhiteCard as="section" aria-labelledby="quiz-missed" overflow="hidden">
          <Heading
            as="h2"
            id="quiz-missed"
            fontSize="16px"
            color="ink"
            px={{ base: '4', md: '6' }}
            pt="4"
            pb="2"
            layerStyle="hairline.bottom"
          >
            答错的 {r.missed.length} 道题
          </Heading>
          <PlainList>
            {r.missed.map((m) => (
              <Box as="li" key={m.questionId} px={{ base: '4', md: '6' }} py="4" layerStyle="hairline.bottom">
                <Text fontSize="15px" fontWeight="semibold" color="gray.800">
                  {m.stem}
                </Text>
                <Text mt="1.5" fontSize="14px" color="red.600">
                  你的答案：{m.yourAnswer}
                </Text>
                <Text mt="0.5" fontSize="14px" color="green.700">
                  正确答案：{m.rightAnswer}
                </Text>
                {m.explanation && (
                  <Text mt="1" textStyle="caption.muted">
                    {m.explanation}
                  </Text>
                )}
                <Box mt="2">
                  <PillLink to={lessonPath(m.lessonId)} size="xs">
                    复习：{m.lessonTitle}
                  </PillLink>
                </Box>
              </Box>
            ))}
          </PlainList>
        </WhiteCard>
      ) : (
        <WhiteCard px={{ base: '4', md: '6' }} py="4">
          <Text fontSize="15px" color="gray.700">
            全部答对，没有需要复习的题目。
          </Text>
        </WhiteCard>
      )}
    </>
  );
}

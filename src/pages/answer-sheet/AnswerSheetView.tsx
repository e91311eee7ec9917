import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { AnswerSheetView as SheetState } from '../../../machines/answerSheet';
import { BackHeader } from '../../components/BackHeader';
import { CourseFrame, quizRulesText } from '../../components/course/CourseFrame';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { PillLink } from '../../components/PillLink';
import { WhiteCard } from '../../components/WhiteCard';
import { COURSE_PATH } from '../../routing/paths';

export interface AnswerSheetViewProps {
  /** null: a visitor (log in first). */
  sheet: SheetState | null;
  onChoose?: (option: number) => void;
  onPrev?: () => void;
  onNext?: () => void;
  onGoto?: (index: number) => void;
  onSubmit?: () => void;
  onRetry?: () => void;
  coursePath: string;
  loginHref: string;
}

const LETTERS = 'ABCDEF';

/** `/answerSheet` 新手答题: one question at a time with the dots to jump between them, then 交卷. */
export function AnswerSheetView(props: AnswerSheetViewProps) {
  const { sheet } = props;
  const back = { to: props.coursePath, label: '新手课程' };
  return (
    <CourseFrame>
      <Stack gap={{ base: '3', md: '4' }}>
        <BackHeader back={back} title="新手答题" heading />
        {!sheet ? (
          <WhiteCard minH="240px">
            <EmptyState
              paddingTop={32}
              title="登录后参加新手答题"
              description="答题前建议先学完新手课程。"
              link={{ to: props.loginHref, label: '去登录' }}
            />
          </WhiteCard>
        ) : sheet.step === 'loading' ? (
          <WhiteCard minH="240px">
            <LoadingState label="正在准备题目…" paddingTop={40} />
          </WhiteCard>
        ) : sheet.step === 'refused' ? (
          <WhiteCard minH="240px">
            <EmptyState
              paddingTop={32}
              title={sheet.reason ?? '现在不能答题'}
              description="可以先复习新手课程。"
              link={back}
            />
          </WhiteCard>
        ) : sheet.step === 'networkError' ? (
          <WhiteCard minH="240px">
            <ErrorState
              paddingTop={32}
              title={sheet.question ? '交卷没有成功' : '题目加载失败'}
              description={
                sheet.question ? `${sheet.error ?? ''}。你的答案还在，重试不会重复交卷。` : (sheet.error ?? undefined)
              }
              onRetry={props.onRetry}
              retryLabel={sheet.question ? '重新交卷' : '重新加载'}
            />
          </WhiteCard>
        ) : sheet.step === 'result' ? (
          <WhiteCard minH="240px">
            <LoadingState label="正在打开答题结果…" paddingTop={40} />
          </WhiteCard>
        ) : (
          <Question {...props} sheet={sheet} />
        )}
      </Stack>
    </CourseFrame>
  );
}

function Question({ sheet, onChoose, onPrev, onNext, onGoto, onSubmit }: AnswerSheetViewProps & { sheet: SheetState }) {
  const q = sheet.question!;
  const submitting = sheet.step === 'submitting';
  const left = sheet.answered.filter((a) => !a).length;
  return (
    <>
      {sheet.settings && (
        <Text textStyle="caption.muted" px="1" data-testid="quiz-rules">
          {quizRulesText(sheet.settings)}
          {sheet.attemptsLeft !== null && ` 今天还可以再开始 ${sheet.attemptsLeft} 次。`}
        </Text>
      )}
      <WhiteCard as="section" aria-labelledby="quiz-question" px={{ base: '4', md: '8' }} py={{ base: '5', md: '7' }}>
        <Text textStyle="caption.soft">
          第 {sheet.index + 1} / {sheet.total} 题 · 单选
        </Text>
        <Heading as="h2" id="quiz-question" mt="2" fontSize={{ base: '17px', md: '19px' }} lineHeight="1.6" color="ink">
          {q.stem}
        </Heading>
        <Stack role="radiogroup" aria-labelledby="quiz-question" mt="4" gap="2.5">
          {q.options.map((o, i) => {
            const on = sheet.chosen === i;
            return (
              <Box key={i}>
                <Button
                  role="radio"
                  aria-checked={on}
                  w="full"
                  justifyContent="flex-start"
                  whiteSpace="normal"
                  textAlign="left"
                  h="auto"
                  minH="12"
                  py="2.5"
                  px="4"
                  borderRadius="lg"
                  variant={on ? 'subtle' : 'outline'}
                  colorPalette={on ? 'brand' : 'gray'}
                  borderWidth="1px"
                  borderColor={on ? 'brand.500' : 'gray.200'}
                  fontWeight={on ? 'semibold' : 'normal'}
                  disabled={submitting}
                  onClick={() => onChoose?.(i)}
                >
                  <Text as="span" color={on ? 'brand.700' : 'gray.500'} mr="2" flexShrink={0}>
                    {LETTERS[i]}.
                  </Text>
                  <Text as="span">{o}</Text>
                </Button>
              </Box>
            );
          })}
        </Stack>
        {sheet.error && (
          <Text mt="3" fontSize="14px" color="red.600" role="alert">
            {sheet.error}
          </Text>
        )}
        <Flex mt="6" gap="2" justify="space-between" wrap="wrap">
          <Button size="sm" variant="outline" borderRadius="full" px="5" disabled={!sheet.canPrev} onClick={onPrev}>
            上一题
          </Button>
          {sheet.canNext ? (
            <Button size="sm" colorPalette="brand" borderRadius="full" px="6" onClick={onNext}>
              下一题
            </Button>
          ) : (
            <Button
              size="sm"
              colorPalette="brand"
              borderRadius="full"
              px="6"
              disabled={!sheet.canSubmit && !submitting}
              loading={submitting}
              loadingText="正在交卷"
              onClick={onSubmit}
            >
              交卷
            </Button>
          )}
        </Flex>
      </WhiteCard>
      <WhiteCard px={{ base: '4', md: '6' }} py="4">
        <Text fontSize="14px" color="gray.700" mb="3">
          {left === 0 ? '全部答完了，可以交卷' : `还有 ${left} 道题没答`}
        </Text>
        <Flex gap="2" wrap="wrap" role="group" aria-label="题目导航">
          {sheet.answered.map((done, i) => (
            <Button
              key={i}
              size="xs"
              w="9"
              h="9"
              borderRadius="full"
              variant={i === sheet.index ? 'solid' : done ? 'subtle' : 'outline'}
              colorPalette={i === sheet.index || done ? 'brand' : 'gray'}
              aria-label={`第 ${i + 1} 题${done ? '，已答' : '，未答'}`}
              aria-current={i === sheet.index ? 'step' : undefined}
              disabled={submitting}
              onClick={() => onGoto?.(i)}
            >
              {i + 1}
            </Button>
          ))}
        </Flex>
      </WhiteCard>
      <PillLink to={COURSE_PATH} alignSelf="center" variant="ghost">
        先去复习课程
      </PillLink>
    </>
  );
}

import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { firstInvalid } from '../../../machines/pollRules';
import { WhiteCard } from '../WhiteCard';
import { QuestionField } from './QuestionField';
import type { RegionLoader } from './RegionPicker';
import type { PollAnswerFormProps } from './types';

export interface PollFormProps {
  /** The questions, answers, errors and progress, and the handlers, as the pollAnswer view gives them. */
  form: PollAnswerFormProps;
  /** Being sent: controls disabled, the button spins. */
  submitting?: boolean;
  /** A banner over the submit bar (server refusal, failed send). */
  notice?: { message: string } | null;
  submitLabel?: string;
  /** Places for region questions (/v1/jd/cities). */
  loadRegions?: RegionLoader | undefined;
}

const Form = chakra('form');

/** Focus the first input of question `id` and bring it into view. */
function focusQuestion(root: HTMLElement | null, id: number | null) {
  if (!root || id === null) return;
  const card = root.querySelector<HTMLElement>(`[data-question-id="${id}"]`);
  if (!card) return;
  const target =
    card.querySelector<HTMLElement>('input:not(:disabled), textarea:not(:disabled), select:not(:disabled)') ??
    card.querySelector('fieldset');
  card.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  target?.focus({ preventScroll: true });
}

/**
 * The questions of a questionnaire, numbered, with the answered count and the 提交 bar (sticky at
 * the bottom so it is always in reach on a phone). Client-side errors sit next to their question;
 * after a refused 提交 the first invalid question is focused.
 */
export function PollForm({ form, submitting = false, notice, submitLabel = '提交问卷', loadRegions }: PollFormProps) {
  const { questions, answers, errors, focusRequest, progress } = form;
  const root = useRef<HTMLFormElement>(null);
  const latest = useRef({ questions, errors });
  latest.current = { questions, errors };
  useEffect(() => {
    if (focusRequest === 0) return;
    focusQuestion(root.current, firstInvalid(latest.current.questions, latest.current.errors));
  }, [focusRequest]);

  const errorCount = Object.keys(errors).length;
  const percent = progress.total ? Math.round((progress.answered / progress.total) * 100) : 0;
  return (
    <Form
      ref={root}
      noValidate
      aria-busy={submitting || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (!submitting) form.onSubmit?.();
      }}
    >
      <Stack gap={{ base: '3', md: '4' }}>
        {questions.map((q, i) => (
          <QuestionField
            key={q.id}
            question={q}
            number={i + 1}
            answer={answers[q.id]}
            error={errors[q.id] ?? null}
            disabled={submitting}
            onChange={(answer) => form.onAnswer?.(q.id, answer)}
            loadRegions={loadRegions}
          />
        ))}
      </Stack>

      <Box
        position="sticky"
        bottom="0"
        zIndex="1"
        mt="4"
        mx={{ base: '-4', md: '0' }}
        px={{ base: '4', md: '6' }}
        py="3"
        bg="white"
        borderTopWidth="1px"
        borderColor="gray.100"
        borderRadius={{ base: '0', md: 'xl' }}
        boxShadow="0 -4px 16px rgba(15, 23, 42, 0.06)"
      >
        {notice && (
          <Text role="alert" mb="3" px="3" py="2" borderRadius="md" bg="red.50" color="red.700" fontSize="13px">
            {notice.message}
          </Text>
        )}
        <Flex align="center" gap="4">
          <Box flex="1" minW="0">
            <Text fontSize="13px" color="gray.600" aria-live="polite">
              已答 <b>{progress.answered}</b> / {progress.total} 题
              {errorCount > 0 ? (
                <Text as="span" color="red.600">
                  {' '}
                  · {errorCount} 题需修改
                </Text>
              ) : progress.requiredLeft > 0 ? (
                <Text as="span" color="gray.500">
                  {' '}
                  · 还有 {progress.requiredLeft} 道必答题
                </Text>
              ) : null}
            </Text>
            <Box
              mt="1.5"
              h="6px"
              bg="gray.100"
              borderRadius="full"
              overflow="hidden"
              role="progressbar"
              aria-label="答题进度"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.answered}
              aria-valuetext={`已答 ${progress.answered} / ${progress.total} 题`}
            >
              <Box h="full" w={`${percent}%`} bg="brand.500" borderRadius="full" transition="width 0.2s ease" />
            </Box>
          </Box>
          <Button
            type="submit"
            colorPalette="brand"
            borderRadius="full"
            px={{ base: '6', md: '10' }}
            h="44px"
            loading={submitting}
            loadingText="提交中…"
            flexShrink={0}
          >
            {submitLabel}
          </Button>
        </Flex>
      </Box>
    </Form>
  );
}

/** The card above the questions: title, intro and a line of facts (reward, count…). */
export function PollHeader({ title, intro, facts }: { title: string; intro?: string; facts?: ReactNode }) {
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '5', md: '6' }} borderTopWidth="4px" borderTopColor="brand.500">
      <Text as="h1" fontSize={{ base: '20px', md: '24px' }} fontWeight="bold" color="ink" lineHeight="1.35">
        {title}
      </Text>
      {intro && (
        <Text mt="2" fontSize="14px" color="gray.600" whiteSpace="pre-line">
          {intro}
        </Text>
      )}
      {facts && (
        <Flex mt="3" gap="2" wrap="wrap" fontSize="13px">
          {facts}
        </Flex>
      )}
    </WhiteCard>
  );
}

/** A small pill in the header's facts line. */
export function Fact({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'brand' }) {
  return (
    <Text
      as="span"
      px="2.5"
      py="0.5"
      borderRadius="full"
      bg={tone === 'brand' ? 'brand.50' : 'gray.100'}
      color={tone === 'brand' ? 'brand.700' : 'gray.600'}
      fontWeight={tone === 'brand' ? 'semibold' : 'normal'}
    >
      {children}
    </Text>
  );
}

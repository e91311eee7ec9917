import { Box, Button, Flex, Stack, type BoxProps, type FlexProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PollAnswerStatus } from '../../../machines/pollAnswer';
import { LoadingState } from '../ListStates';
import { Fact, PollForm, PollHeader, type PollFormProps } from './PollForm';
import type { PollAnswerFormProps } from './types';

/** The grey page a questionnaire's white cards sit on (`/task/poll/…`, `/user/survey`). */
export function PollPage({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.50" minH={{ base: 'calc(100dvh - 56px)', md: 'calc(100dvh - 64px)' }}>
      {children}
    </Box>
  );
}

/** A questionnaire view: its `Body` on the grey {@link PollPage}. */
export function onPollPage<P extends object>(Body: (props: P) => ReactNode) {
  return function PollView(props: P) {
    return (
      <PollPage>
        <Body {...props} />
      </PollPage>
    );
  };
}

/** The centred column of a questionnaire page. */
export function PollColumn(props: BoxProps) {
  return <Box maxW="760px" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }} {...props} />;
}

/** A questionnaire while it loads. */
export function PollLoading() {
  return (
    <PollColumn>
      <LoadingState label="问卷加载中…" />
    </PollColumn>
  );
}

/**
 * The questionnaire being answered: its header card (title, intro; facts: the reward when there
 * is one, the count of questions, `note`), whatever `children` add under it, then the form with
 * the notice of `status`.
 */
export function AnswerColumn({
  header,
  status,
  form,
  children,
  ...formProps
}: Omit<PollFormProps, 'notice'> & {
  header: { title: string; intro?: string; reward?: string | null; note: string } | null;
  status: PollAnswerStatus | 'loggedOut';
  form: PollAnswerFormProps;
  children?: ReactNode;
}) {
  return (
    <PollColumn pb="0">
      <Stack gap={{ base: '3', md: '4' }}>
        {header && (
          <PollHeader
            title={header.title}
            intro={header.intro}
            facts={
              <>
                {header.reward && <Fact tone="brand">{header.reward}</Fact>}
                <Fact>共 {form.questions.length} 题</Fact>
                <Fact>{header.note}</Fact>
              </>
            }
          />
        )}
        {children}
        <PollForm form={form} notice={pollNotice(status, form.serverMessage, form.submitError)} {...formProps} />
      </Stack>
    </PollColumn>
  );
}

/** A round link button of a questionnaire's end screens; `outline` for the second choice. */
export function LinkButton({
  to,
  outline,
  px = '6',
  children,
}: {
  to: string;
  outline?: boolean;
  px?: string;
  children: ReactNode;
}) {
  return (
    <Button asChild variant={outline ? 'outline' : 'solid'} colorPalette="brand" borderRadius="full" px={px}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}

/** The centred, wrapping row the link buttons of an end screen stand in. */
export function LinkRow(props: FlexProps) {
  return <Flex gap="3" wrap="wrap" justify="center" {...props} />;
}

/** The form's notice: the server's refusal, or a failed send (the answers stay). */
export function pollNotice(
  status: PollAnswerStatus | 'loggedOut',
  serverMessage?: string | null,
  submitError?: string | null,
): { message: string } | null {
  if (status === 'invalid' && serverMessage) return { message: serverMessage };
  if (status === 'submitError' && submitError)
    return { message: `提交失败：${submitError}。你的回答还在，请重新提交。` };
  return null;
}

/** A white card with the green tick: what a questionnaire shows once it is sent. */
export function DoneCard({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <PollColumn>
      <Stack
        align="center"
        textAlign="center"
        gap="3"
        bg="white"
        borderRadius="2xl"
        boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)"
        px={{ base: '5', md: '10' }}
        py={{ base: '8', md: '10' }}
        data-testid={testId}
      >
        <DoneMark />
        {children}
      </Stack>
    </PollColumn>
  );
}

export function DoneMark() {
  return (
    <Box
      aria-hidden="true"
      w="64px"
      h="64px"
      borderRadius="full"
      bg="green.50"
      color="green.500"
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}

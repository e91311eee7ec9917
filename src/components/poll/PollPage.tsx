import { Box, Stack, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { PollAnswerStatus } from '../../../machines/pollAnswer';

/** The grey page a questionnaire's white cards sit on (`/task/poll/…`, `/user/survey`). */
export function PollPage({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.50" minH={{ base: 'calc(100dvh - 56px)', md: 'calc(100dvh - 64px)' }}>
      {children}
    </Box>
  );
}

/** The centred column of a questionnaire page. */
export function PollColumn(props: BoxProps) {
  return <Box maxW="760px" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }} {...props} />;
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

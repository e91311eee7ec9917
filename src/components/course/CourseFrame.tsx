import { Box, type BoxProps } from '@chakra-ui/react';

/** The column the course and answer-sheet pages stand in: light gray ground, a readable width. */
export function CourseFrame({ children, ...rest }: BoxProps) {
  return (
    <Box bg="gray.50" minH="70vh" pb={{ base: '8', md: '12' }}>
      <Box maxW="880px" mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '8' }} {...rest}>
        {children}
      </Box>
    </Box>
  );
}

/** The quiz's rules in one sentence, as every quiz page states them. */
export function quizRulesText(s: {
  questionCount: number;
  passMark: number;
  rewardPoints: number;
  attemptsPerDay: number;
}) {
  return `每次 ${s.questionCount} 道单选题，答对 ${s.passMark} 道及格；首次及格奖励 ${s.rewardPoints} 微豆（每人仅一次，再次及格不再发放）；每天可答 ${s.attemptsPerDay} 次，次日 0 点（北京时间）恢复。`;
}

import { Box, type BoxProps } from '@chakra-ui/react';
import { keyframes } from '@emotion/react';

/**
 * A result arriving: the box pops open like a gift being unwrapped (a little overshoot and wobble,
 * half a second), then stays still. None at all when the system asks for reduced motion.
 */
const unwrap = keyframes({
  '0%': { opacity: 0, transform: 'scale(0.6) rotate(-6deg)' },
  '45%': { opacity: 1, transform: 'scale(1.06) rotate(3deg)' },
  '70%': { transform: 'scale(0.98) rotate(-1.5deg)' },
  '100%': { opacity: 1, transform: 'none' },
});

/** The css of a revealed result (exported for its test). */
export const revealCss = {
  animation: `${unwrap} 520ms cubic-bezier(0.34, 1.3, 0.64, 1) both`,
  transformOrigin: 'center 60%',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
};

/**
 * The box a draw's answer is told in (a result, a refusal), under the draw button. A result
 * (`status`) is revealed with the unwrap above (拆礼物, the wheel's prize); a refusal just appears.
 */
export function DrawNotice({ reveal, ...props }: BoxProps & { role: 'status' | 'alert'; reveal?: boolean }) {
  const revealed = reveal ?? props.role === 'status';
  return (
    <Box
      borderRadius="lg"
      px="4"
      py="3"
      textAlign="center"
      data-reveal={revealed ? '' : undefined}
      css={revealed ? revealCss : undefined}
      {...props}
    />
  );
}

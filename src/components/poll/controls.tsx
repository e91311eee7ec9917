import { Box, chakra, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { nativeFieldStyle, nativeSelectStyle } from '../nativeFieldStyle';

/**
 * The building blocks of a questionnaire, styled inline with `chakra()` (no theme recipes: they
 * live in the questionnaire chunks and cost the first route nothing). Choices are native radio
 * and checkbox inputs inside their labels, so roles, keyboard use and names come for free.
 */

/** A question group with its legend; the card around it shows the error state. */
export const Fieldset = chakra('fieldset', {
  base: { border: '0', m: '0', p: '0', minW: '0' },
});

export const Legend = chakra('legend', {
  base: {
    p: '0',
    w: 'full',
    float: 'left',
    fontSize: { base: '16px', md: '17px' },
    fontWeight: 'semibold',
    color: 'ink',
  },
});

const NativeChoice = chakra('input', {
  base: {
    width: '18px',
    height: '18px',
    flexShrink: 0,
    m: '0',
    accentColor: 'brand.600',
    cursor: 'pointer',
    _disabled: { cursor: 'not-allowed' },
  },
});

const OptionLabel = chakra('label', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minH: '48px',
    px: '3.5',
    py: '2.5',
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'lg',
    bg: 'white',
    fontSize: '15px',
    color: 'gray.800',
    lineHeight: '1.5',
    cursor: 'pointer',
    transition: 'border-color 0.15s ease, background 0.15s ease',
    _hover: { borderColor: 'brand.300' },
    _focusWithin: { outline: '2px solid {colors.brand.500}', outlineOffset: '1px' },
    '&[data-checked]': { borderColor: 'brand.500', bg: 'brand.50', color: 'brand.800' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed', _hover: { borderColor: 'gray.200' } },
  },
});

export interface ChoiceProps {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  children: ReactNode;
  /** Extra note after the text (e.g. 互斥). */
  note?: ReactNode;
  describedBy?: string;
}

/** One option as a tappable card: a native radio/checkbox and its text (48 px tall at least). */
export function Choice({ type, name, checked, disabled, onChange, children, note, describedBy }: ChoiceProps) {
  return (
    <OptionLabel data-checked={checked ? '' : undefined} data-disabled={disabled ? '' : undefined}>
      <NativeChoice
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={describedBy}
      />
      <Text as="span" flex="1" minW="0" wordBreak="break-word">
        {children}
      </Text>
      {note}
    </OptionLabel>
  );
}

/** A bare radio for a matrix cell; its label text may be visually hidden (the column header shows it). */
export const MatrixRadio = NativeChoice;

export const TextArea = chakra('textarea', {
  base: {
    display: 'block',
    width: '100%',
    minH: '120px',
    px: '3.5',
    py: '3',
    fontSize: '15px',
    lineHeight: '1.6',
    color: 'ink',
    bg: 'white',
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'lg',
    resize: 'vertical',
    outline: 'none',
    transition: 'border-color 0.15s ease, box-shadow 0.15s ease',
    _placeholder: { color: 'gray.400' },
    _hover: { borderColor: 'gray.300' },
    _focus: { borderColor: 'brand.500', boxShadow: '0 0 0 3px {colors.brand.100}' },
    _disabled: { bg: 'gray.50', cursor: 'not-allowed' },
    '&[aria-invalid=true]': { borderColor: 'red.400', _focus: { boxShadow: '0 0 0 3px {colors.red.100}' } },
  },
});

/** The zh-CN message under a question. */
export function QuestionError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box
      id={id}
      mt="3"
      display="flex"
      alignItems="center"
      gap="1.5"
      fontSize="13px"
      color="red.600"
      data-testid="question-error"
    >
      <Box
        as="span"
        aria-hidden="true"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        w="16px"
        h="16px"
        borderRadius="full"
        bg="red.500"
        color="white"
        fontSize="11px"
        fontWeight="bold"
        flexShrink={0}
      >
        !
      </Box>
      {children}
    </Box>
  );
}

/** A native drop-down (the chosen option or 请选择), 48 px tall. */
export const Select = chakra('select', {
  base: { ...nativeSelectStyle, cursor: 'pointer' },
});

/** A native single-line input (the date answer). */
export const LineInput = chakra('input', {
  base: {
    ...nativeFieldStyle,
    display: 'block',
    width: '100%',
    maxW: '320px',
    px: '3.5',
    _disabled: { bg: 'gray.50', cursor: 'not-allowed' },
  },
});

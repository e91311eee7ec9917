import { Box, Button, chakra, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SubmitButton } from '../auth/formParts';

/**
 * The shell of a form shown inline on a page (收货地址 and 实名认证 on the reward page, the personal
 * centre's changes): a labelled form that never submits natively, its fields stacked, and a 取消 +
 * submit row at the bottom.
 */
export function InlineForm({
  label,
  testId,
  onSubmit,
  children,
}: {
  label: string;
  testId: string;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <chakra.form
      noValidate
      aria-label={label}
      data-testid={testId}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <Stack gap="3">{children}</Stack>
    </chakra.form>
  );
}

/** 取消 (when the form can be left) beside the wide submit button. */
export function InlineFormActions({
  submitting,
  loadingText,
  submitDisabled,
  onCancel,
  children,
}: {
  submitting: boolean;
  loadingText: string;
  submitDisabled?: boolean;
  onCancel?: () => void;
  /** The submit button's text. */
  children: ReactNode;
}) {
  return (
    <Flex gap="3">
      {onCancel && (
        <Button flex="1" h="48px" variant="ghost" borderRadius="full" onClick={onCancel} disabled={submitting}>
          取消
        </Button>
      )}
      <Box flex="2">
        <SubmitButton loading={submitting} loadingText={loadingText} disabled={submitDisabled}>
          {children}
        </SubmitButton>
      </Box>
    </Flex>
  );
}

/** What `bindTextField` reads from an inline form's props. */
export interface InlineFormBinding<F extends string> {
  values: Record<F, string>;
  errors: Partial<Record<F, string | null>>;
  submitting: boolean;
  onChange?: (field: F, value: string) => void;
  onBlur?: (field: F) => void;
}

/** The name, value, error and handlers of the form's text field `field` (spread onto a TextField). */
export function bindTextField<F extends string>(form: InlineFormBinding<NoInfer<F>>, field: F) {
  return {
    name: field,
    value: form.values[field],
    onChange: (value: string) => form.onChange?.(field, value),
    onBlur: () => form.onBlur?.(field),
    error: form.errors[field],
    disabled: form.submitting,
  };
}

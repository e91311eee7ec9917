import { Box, Button, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The frame of the account screens' forms (./fields.tsx has their controls): the form-wide
 * message, the big round submit button, the form that holds both, and the links between pages.
 */

/** A message for the whole form (e.g. the server's refusal). */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <Box
      role={tone === 'error' ? 'alert' : 'status'}
      px="3.5"
      py="2.5"
      borderRadius="lg"
      fontSize="14px"
      bg={tone === 'error' ? 'red.50' : 'brand.50'}
      color={tone === 'error' ? 'red.700' : 'brand.800'}
      borderWidth="1px"
      borderColor={tone === 'error' ? 'red.100' : 'brand.100'}
    >
      {children}
    </Box>
  );
}

export interface SubmitButtonProps {
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  loadingText?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  variant?: 'solid' | 'outline';
}

/** The big round action of an account form. */
export function SubmitButton({
  children,
  disabled,
  loading,
  loadingText,
  type = 'submit',
  onClick,
  variant = 'solid',
}: SubmitButtonProps) {
  return (
    <Button
      type={type}
      width="100%"
      height="48px"
      borderRadius="full"
      fontSize="16px"
      fontWeight="semibold"
      colorPalette="brand"
      variant={variant}
      disabled={disabled}
      loading={loading}
      loadingText={loadingText}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The submit side of an account form (login, register, social bind, reset). */
export interface SubmitProps {
  /** The machine accepts a submit now (`state.can({ type: 'user.submit' })`): every field valid, the agreement checked. */
  canSubmit: boolean;
  submitting: boolean;
  onSubmit: () => void;
  /** The last refusal (wrong code, wrong password…), shown above the button. */
  formError?: string | null;
}

/**
 * An account form: its fields, the last refusal and the big submit button (`loading`: while
 * `submitting` unless told), then `after`. Enter submits too, but only when the button is live.
 */
export function AccountForm({
  form,
  label,
  action,
  loadingText,
  loading = form.submitting,
  children,
  after,
}: {
  form: SubmitProps;
  label: string | undefined;
  action: string;
  loadingText: string;
  loading?: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.canSubmit && !form.submitting) form.onSubmit();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="4">
        {children}
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <SubmitButton disabled={!form.canSubmit} loading={loading} loadingText={loadingText}>
          {action}
        </SubmitButton>
        {after}
      </Stack>
    </form>
  );
}

/** A text link to another account page (注册账号, 忘记密码). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box as="span" color="brand.600" fontWeight="medium" _hover={{ color: 'brand.700', textDecoration: 'underline' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Box>
  );
}

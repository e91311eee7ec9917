/** The password field of an account form and its eye button (one toggle for all its password fields). */
export interface PasswordProps {
  password: string;
  onPasswordChange: (value: string) => void;
  passwordVisible: boolean;
  onTogglePasswordVisible: () => void;
}

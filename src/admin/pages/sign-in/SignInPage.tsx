import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { selectStaffSignIn } from '../../../../machines/staffSignIn';
import { useStaffSession, type Staff } from '../../app/staffSession';
import { consoleSignInMachine } from '../../flows/signIn';
import { safeReturnPath } from '../../routing/paths';
import { SignInView } from './SignInView';

/** /admin/sign-in?return=…: the sign-in flow; signed in, back to where the staff member was going. */
export default function SignInPage() {
  const { signedIn } = useStaffSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('return'));
  const machine = useMemo(
    () =>
      consoleSignInMachine.provide({
        actions: {
          signedIn: (_, session) => {
            signedIn(session as { token: string; staff: Staff });
            navigate(returnTo, { replace: true });
          },
        },
      }),
    [signedIn, navigate, returnTo],
  );
  const [snapshot, send] = useMachine(machine);
  return (
    <SignInView
      {...selectStaffSignIn(snapshot)}
      onInput={(field, value) => send({ type: 'user.input', field, value })}
      onSubmit={() => send({ type: 'user.submit' })}
      onBack={() => send({ type: 'user.back' })}
    />
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectLoginView, type LoginEvent, type LoginInput, type LoginView } from '../../machines/login';
import { appLoginMachine, loginActors } from './login';
import { shallowEqual } from './shallowEqual';

/**
 * The login machine of one account page (login, register, reset, social callback, bind) with the
 * app's real actors and `completeLogin` (save + tell the session). Returns the machine's view
 * props (`selectLoginView`) and its `send`.
 */
export function useLoginFlow(
  input: LoginInput,
  /** Replace real actors, read once (e.g. `/bind` "exchanges" a stored bind ticket). */
  overrides?: { exchangeCallback?: typeof loginActors.exchangeCallback },
): { view: LoginView; send: (event: LoginEvent) => void } {
  const [machine] = useState(() => (overrides ? appLoginMachine.provide({ actors: overrides }) : appLoginMachine));
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, selectLoginView, shallowEqual);
  return { view, send: actor.send };
}

import { assign } from 'xstate';
import { loginSetup } from './setup';
import { submitWhen } from './submit';
import type { BindTicket, LoginResult } from './types';

/**
 * Back from a social login (WeChat, QQ, Weibo, Alipay): bound account → logged in; otherwise bind.
 * - `exchanging`          actor `exchangeCallback` ({ platform, code, state }) →
 *                         `#succeeded` (account bound) | `needsBind` | `failed`
 * - `failed`              the callback could not be exchanged (expired / replayed `state`)
 * - `needsBind.editing`   choose `bind` (an existing account, by SMS) or `register` (new account,
 *                         agreement needed); mobile + code
 * - `needsBind.binding`   actor `bind` → `#succeeded` | editing + `error`
 */
export const callback = loginSetup.createStateConfig({
  initial: 'exchanging',
  states: {
    exchanging: {
      tags: ['busy'],
      invoke: {
        id: 'exchangeCallback',
        src: 'exchangeCallback',
        input: ({ context }) => context.callback,
        onDone: [
          {
            guard: 'isBound',
            target: '#succeeded',
            actions: assign({ result: ({ event }) => event.output as LoginResult }),
          },
          { target: 'needsBind', actions: assign({ bindTicket: ({ event }) => event.output as BindTicket }) },
        ],
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    failed: {},
    needsBind: {
      initial: 'editing',
      states: {
        editing: {
          id: 'bindEditing',
          on: {
            ...submitWhen('bindReady', 'binding'),
            'user.chooseBind': { actions: assign({ bindChoice: ({ event }) => event.choice, error: null }) },
          },
        },
        binding: {
          tags: ['busy'],
          invoke: {
            id: 'bind',
            src: 'bind',
            input: ({ context }) => ({
              choice: context.bindChoice,
              bindTicket: context.bindTicket?.bindTicket ?? '',
              mobile: context.mobile,
              code: context.code,
              inviteCode: context.inviteCode.trim() || null,
            }),
            onDone: { target: '#succeeded', actions: 'keepResult' },
            onError: { target: 'editing', actions: 'keepError' },
          },
        },
      },
    },
  },
});

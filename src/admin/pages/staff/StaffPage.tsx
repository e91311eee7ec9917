import { useState } from 'react';
import { errorMessage } from '../../../../machines/shared/errors';
import { useLoad } from '../../../flows/useLoad';
import {
  createStaff,
  disableStaff,
  listStaff,
  resetStaff,
  setStaffRoles,
  type NewCredentials,
} from '../../flows/staff';
import { StaffView, type StaffViewProps } from './StaffView';

const EMPTY = { login: '', name: '', roles: [] };

/** /admin/staff (staff.manage). */
export default function StaffPage() {
  const list = useLoad((signal) => listStaff(signal));
  const [creating, setCreating] = useState<StaffViewProps['creating']>(null);
  const [action, setAction] = useState<StaffViewProps['action']>(null);
  const [credentials, setCredentials] = useState<NewCredentials | null>(null);

  const confirmAction = () => {
    if (!action) return;
    setAction({ ...action, busy: true, error: null });
    const body = { reason: action.reason.trim(), totp: action.code };
    const done =
      action.kind === 'roles'
        ? setStaffRoles(action.login, { ...body, roles: action.roles }).then(() => null)
        : action.kind === 'disable'
          ? disableStaff(action.login, body).then(() => null)
          : resetStaff(action.login, body);
    done.then(
      (made) => {
        setAction(null);
        if (made) setCredentials(made);
        list.reload();
      },
      (e: unknown) => setAction((a) => a && { ...a, busy: false, code: '', error: errorMessage(e) }),
    );
  };

  return (
    <StaffView
      status={list.data ? 'ready' : list.status}
      staff={list.data?.list ?? []}
      error={list.error}
      now={Date.now()}
      creating={creating}
      action={action}
      credentials={credentials}
      onRetry={list.reload}
      onOpenCreate={() => setCreating({ draft: EMPTY, busy: false, error: null })}
      onDraft={(draft) => setCreating((c) => c && { ...c, draft, error: null })}
      onCreate={() => {
        if (!creating) return;
        setCreating({ ...creating, busy: true, error: null });
        createStaff({
          ...creating.draft,
          login: creating.draft.login.trim().toLowerCase(),
          name: creating.draft.name.trim(),
        }).then(
          (made) => {
            setCreating(null);
            setCredentials(made);
            list.reload();
          },
          (e: unknown) => setCreating((c) => c && { ...c, busy: false, error: errorMessage(e) }),
        );
      }}
      onCancelCreate={() => setCreating(null)}
      onAction={(kind, s) =>
        setAction({
          kind,
          login: s.login,
          name: s.name,
          roles: [...s.roles],
          reason: '',
          code: '',
          busy: false,
          error: null,
        })
      }
      onActionChange={(change) => setAction((a) => a && { ...a, ...change, error: null })}
      onConfirmAction={confirmAction}
      onCancelAction={() => setAction(null)}
      onDismissCredentials={() => setCredentials(null)}
    />
  );
}

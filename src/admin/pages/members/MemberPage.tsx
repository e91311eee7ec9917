import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectStaffMove } from '../../../../machines/staffMove';
import { codeOf } from '../../../../machines/shared/errors';
import { Code } from '../../../../openapi/codes';
import { useLoad } from '../../../flows/useLoad';
import { useStaffSession } from '../../app/staffSession';
import {
  loadMember360,
  loadMemberLedger,
  MEMBER_LEDGER_PAGE_SIZE,
  memberMoveMachine,
  type MemberContactData,
  type MemberMove,
} from '../../flows/members';
import { consolePaths, matchConsolePath, matchConsoleRoute, safeReturnPath } from '../../routing/paths';
import { AdjustBalanceAction } from './AdjustBalanceAction';
import { MemberView } from './MemberView';

const isMissing = (e: unknown) => codeOf(e) === Code.NOT_FOUND;

/** How each move's dialog opens (machines/staffMove.ts): none asks for a fresh code. */
const OPEN: Record<MemberMove, { fields?: Record<string, string>; required?: string[]; withReason?: boolean }> = {
  reveal: {},
  freeze: {},
  unfreeze: {},
  endSessions: {},
  message: { fields: { title: '', content: '' }, required: ['title', 'content'], withReason: false },
};

/** /admin/members/:id (member.read): the member 360; another id is another member, everything afresh. */
export default function MemberPage() {
  const location = useLocation();
  const id = matchConsolePath(location.pathname)?.params.id ?? 0;
  // 返回 goes to the search the member was opened from (link state), else to an empty search.
  const from = (location.state as { back?: unknown } | null)?.back;
  const back =
    typeof from === 'string' && matchConsoleRoute(from.split('?')[0]!)?.page === 'members'
      ? safeReturnPath(from)
      : consolePaths.members();
  return <Member key={id} id={id} backTo={back} />;
}

function Member({ id, backTo }: { id: number; backTo: string }) {
  const { staff } = useStaffSession();
  const permissions = staff?.permissions ?? [];
  const member = useLoad((signal) => loadMember360(id, signal), [id], isMissing);
  const [ledgerPage, setLedgerPage] = useState(1);
  const later = useLoad(
    (signal) => (ledgerPage > 1 ? loadMemberLedger(id, ledgerPage, signal) : Promise.resolve(null)),
    [id, ledgerPage],
  );
  const [contact, setContact] = useState<MemberContactData | null>(null);

  const reload = useRef<() => void>(() => {});
  reload.current = () => {
    member.reload();
    if (ledgerPage > 1) later.reload();
  };
  const machine = useMemo(
    () =>
      memberMoveMachine(id).provide({
        actions: {
          done: (_, made) => {
            if (made.move === 'reveal') setContact(made.output as MemberContactData);
            else reload.current();
          },
        },
      }),
    [id],
  );
  const actor = useActorRef(machine);
  // The snapshot (a new one only on a change), read for the view in render.
  const move = selectStaffMove(useSelector(actor, (snapshot) => snapshot));

  const firstPage = member.data?.ledger;
  const ledgerData = ledgerPage > 1 ? later.data : firstPage;
  const ledgerTotal = ledgerData?.total ?? firstPage?.total ?? 0;

  return (
    <MemberView
      status={member.status}
      member={member.data}
      error={member.error}
      backTo={backTo}
      memberLink={consolePaths.member}
      can={{
        reveal: permissions.includes('member.reveal'),
        freeze: permissions.includes('member.freeze'),
        sessions: permissions.includes('member.sessions'),
        message: permissions.includes('member.message'),
      }}
      contact={contact}
      ledger={{
        status: ledgerPage > 1 && !later.data ? (later.status === 'error' ? 'error' : 'loading') : 'ready',
        rows: ledgerData?.list ?? [],
        page: ledgerPage,
        pageCount: Math.max(1, Math.ceil(ledgerTotal / MEMBER_LEDGER_PAGE_SIZE)),
        total: ledgerTotal,
        error: later.error,
      }}
      move={move}
      onRetry={member.reload}
      onLedgerPage={setLedgerPage}
      onLedgerRetry={later.reload}
      onOpenMove={(which) => actor.send({ type: 'user.open', move: which, ...OPEN[which] })}
      onMoveInput={(field, value) => actor.send({ type: 'user.input', field, value })}
      onSubmitMove={() => actor.send({ type: 'user.submit' })}
      onCancelMove={() => actor.send({ type: 'user.cancel' })}
      onCloseNotice={() => actor.send({ type: 'user.close' })}
      adjustAction={
        member.data && permissions.includes('balance.adjust') ? (
          <AdjustBalanceAction
            memberId={member.data.profile.id}
            memberLabel={`${member.data.profile.nickname} · ${member.data.profile.memberCode}`}
            balance={member.data.balances.points}
            onChanged={member.reload}
          />
        ) : undefined
      }
    />
  );
}

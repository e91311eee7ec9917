import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../../machines/shared/errors';
import { selectTicketDesk } from '../../../../machines/ticketDesk';
import { usePagedList } from '../../../flows/usePagedList';
import { useLoad } from '../../../flows/useLoad';
import {
  consoleTicketDeskMachine,
  deleteSavedReply,
  fetchDeskPage,
  listSavedReplies,
  saveReply,
  type DeskFilter,
} from '../../flows/desk';
import { useStaffSession } from '../../app/staffSession';
import { consolePaths } from '../../routing/paths';
import type { DeskSavedRepliesProps } from './DeskTicketView';
import { FeedbackDeskView } from './FeedbackDeskView';

/** The queue's filter with a round: asking for the same state in a new round reads the queue again. */
interface QueueFilter {
  state: DeskFilter;
  round: number;
}
const fetchQueue = (request: { filter: QueueFilter; page: number; pageSize: number }, signal: AbortSignal) =>
  fetchDeskPage({ ...request, filter: request.filter.state }, signal);

const ticketOf = (raw: string | null) => (raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** /admin/desk (feedback.desk): 反馈处理, the ticket open in the address (`?ticket=<id>`). */
export default function FeedbackDeskPage() {
  const [search] = useSearchParams();
  const selectedId = ticketOf(search.get('ticket'));
  const queue = usePagedList(fetchQueue, { filter: { state: 'waiting', round: 0 } });
  const refreshQueue = useRef(() => {});
  refreshQueue.current = () => queue.onFilter({ state: queue.filter.state, round: queue.filter.round + 1 });

  const machine = useMemo(
    () => consoleTicketDeskMachine.provide({ actions: { moved: () => refreshQueue.current() } }),
    [],
  );
  const actor = useActorRef(machine);
  const desk = selectTicketDesk(useSelector(actor, (s) => s));
  // The member's own page, for staff who may open it (support and admin hold member.read).
  const mayOpenMembers = useStaffSession().staff?.permissions.includes('member.read') ?? false;
  const memberHref = desk.ticket && mayOpenMembers ? consolePaths.member(desk.ticket.member.id) : undefined;
  useEffect(() => actor.send({ type: 'user.open', id: selectedId }), [actor, selectedId]);

  const savedList = useLoad((signal) => listSavedReplies(signal));
  const [savedOpen, setSavedOpen] = useState(false);
  const [saving, setSaving] = useState<DeskSavedRepliesProps['saving']>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const saved: DeskSavedRepliesProps = {
    open: savedOpen,
    status: savedList.data ? 'ready' : savedList.status,
    items: savedList.data?.list ?? [],
    error: savedList.error,
    saving,
    deleting,
    onToggle: () => setSavedOpen((v) => !v),
    onPick: (item) => {
      actor.send({ type: 'user.input', text: item.content });
      setSavedOpen(false);
    },
    onStartSave: () => setSaving({ title: '', busy: false, error: null }),
    onSaveTitle: (title) => setSaving((s) => s && { ...s, title, error: null }),
    onSave: () => {
      if (!saving) return;
      setSaving({ ...saving, busy: true, error: null });
      saveReply({ title: saving.title.trim(), content: desk.draft.trim() }).then(
        () => {
          setSaving(null);
          setSavedOpen(true);
          savedList.reload();
        },
        (e: unknown) => setSaving((s) => s && { ...s, busy: false, error: errorMessage(e) }),
      );
    },
    onCancelSave: () => setSaving(null),
    onDelete: (id) => {
      setDeleting(id);
      deleteSavedReply(id)
        .then(
          () => savedList.reload(),
          () => undefined,
        )
        .finally(() => setDeleting(null));
    },
    onRetry: savedList.reload,
  };

  return (
    <FeedbackDeskView
      queue={{ ...queue, filter: queue.filter.state, onFilter: (state) => queue.onFilter({ state, round: 0 }) }}
      selectedId={selectedId}
      deskHref={consolePaths.feedbackDesk}
      memberHref={memberHref}
      desk={desk}
      saved={saved}
      now={Date.now()}
      onRetry={() => actor.send({ type: 'user.retry' })}
      onDraft={(text) => actor.send({ type: 'user.input', text })}
      onTake={() => actor.send({ type: 'user.take' })}
      onProcess={() => actor.send({ type: 'user.process' })}
      onReply={(kind) => actor.send({ type: 'user.reply', kind })}
      onClose={() => actor.send({ type: 'user.close' })}
      onReason={(value) => actor.send({ type: 'user.reason', value })}
      onConfirmClose={() => actor.send({ type: 'user.confirm' })}
      onCancelClose={() => actor.send({ type: 'user.cancel' })}
    />
  );
}

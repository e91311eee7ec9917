import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { selectForumEditorView, type ForumEditorSnapshot } from '../../../machines/forumEditor';
import { BbsRole } from '../../../openapi/enums';
import { Code } from '../../../openapi/codes';
import type { ForumEditorProps } from '../../components/forum/ForumEditor';
import type { ForumReply } from '../../components/forum/parts';
import { isApiError, quietApi } from '../../api';
import { appForumEditorMachine, readDraft, type PostedReply } from '../../flows/forum';
import { rememberForum } from '../../flows/session';
import { shallowEqual } from '../../flows/shallowEqual';
import { usePreviews } from '../../flows/useFeedback';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { forumPaths } from '../../routing/paths';
import { toast } from '../../services/toast';
import { ForumTopicView, type ReplyOrder, type ReplyPatch, type TopicPatch } from './ForumTopicView';

/** The replies are asked for in an order; `round` changes after a post or a moderation, to read them again. */
interface ReplyQuery {
  order: ReplyOrder;
  round: number;
}

const notFound = (e: unknown) =>
  isApiError(e) &&
  (e.code === Code.FORUM_POST_NOT_FOUND || e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS);

/** A quote shows the start of the reply's text. */
function excerptOf(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat || '[图片]';
}

/**
 * Container of `/bbs/{taskHashId}/topics/{id}` 话题: the topic (getForumTopic), my role on the board
 * (getFocusMember), the replies (listForumReplies, paged, in either order), the editor
 * (machines/forumEditor.ts) for those who may reply, and the moderator's controls.
 */
export default function ForumTopicPage() {
  const { taskHashId = '', topicId = '' } = useParams();
  return <Topic key={`${taskHashId}:${topicId}`} taskHashId={taskHashId} topicId={Number(topicId) || 0} />;
}

function Topic({ taskHashId, topicId }: { taskHashId: string; topicId: number }) {
  const topic = useLoad(
    (signal) => quietApi.call('getForumTopic', { params: { id: topicId }, signal }),
    [topicId],
    notFound,
  );
  const me = useLoad(
    async (signal) => {
      const member = await quietApi.call('getFocusMember', { query: { taskHashId }, signal });
      rememberForum(member);
      return member;
    },
    [taskHashId],
  );

  const fetchReplies = useCallback<FetchPage<ForumReply, ReplyQuery>>(
    ({ filter, page, pageSize }, signal) =>
      quietApi.call('listForumReplies', {
        params: { id: topicId },
        query: { order: filter.order, page, pageSize },
        signal,
      }),
    [topicId],
  );
  const replies = usePagedList(fetchReplies, { filter: { order: 'oldest', round: 0 } });
  const round = useRef(0);
  const { onFilter } = replies;
  const order = replies.filter.order;
  const reloadAll = useCallback(() => {
    topic.reload();
    onFilter({ order, round: ++round.current });
  }, [topic, onFilter, order]);
  // A reply just posted: said at once (回复已发表), and shown — the list read again, newest first
  // when the oldest-first pages loaded so far would not reach it — then scrolled to. The reply that
  // answers the last required topic completes the task: 任务完成 +N 微豆 shows here, not only later
  // on the board.
  const [completedNow, setCompletedNow] = useState<number | null>(null);
  const showReply = useRef<number | null>(null);
  const onPosted = useCallback(
    (posted: PostedReply) => {
      const wasComplete = me.data?.progress?.completed ?? false;
      const completes = !wasComplete && !!posted.progress?.completed;
      toast.success(completes ? `回复已发表，任务完成 +${posted.progress!.points} 微豆` : '回复已发表');
      if (completes) setCompletedNow(posted.progress!.points);
      showReply.current = posted.id;
      topicSeen.current = false;
      topic.reload();
      if (completes) me.reload();
      onFilter({ order: order === 'oldest' && replies.hasMore ? 'newest' : order, round: ++round.current });
    },
    [me, topic, onFilter, order, replies.hasMore],
  );
  // The list and the topic are both read again; whichever lands last may move the page, so the
  // reply is brought into view after each, until both have landed with it in the list.
  const { items } = replies;
  const topicData = topic.data;
  const topicSeen = useRef(false);
  useEffect(() => {
    if (showReply.current !== null) topicSeen.current = true;
  }, [topicData]);
  useEffect(() => {
    const id = showReply.current;
    if (id === null || !items.some((r) => r.id === id)) return;
    document.querySelector(`[data-reply-id="${id}"]`)?.scrollIntoView({ block: 'center' });
    if (topicSeen.current) showReply.current = null;
  }, [items, topicData]);
  // The editor's `posted` runs inside the machine: it reads the latest handler through a ref.
  const afterPost = useRef(onPosted);
  afterPost.current = onPosted;

  const [machine] = useState(() => appForumEditorMachine(topicId, (posted) => afterPost.current(posted)));
  const editorActor = useActorRef(machine, { input: { topicId, draft: readDraft(topicId) } });
  const editorView = useSelector(editorActor, (s: ForumEditorSnapshot) => selectForumEditorView(s), shallowEqual);
  const previews = usePreviews(editorView.shots);

  const [moderating, setModerating] = useState(false);
  const moderate = async (call: () => Promise<unknown>) => {
    setModerating(true);
    try {
      await call();
      reloadAll();
    } catch (e) {
      toast.error(isApiError(e) ? e.msg : '操作失败，请稍后再试');
    } finally {
      setModerating(false);
    }
  };

  const role = me.data?.role ?? null;
  const t = topic.data;
  const send = editorActor.send;
  const editor: ForumEditorProps | null =
    t &&
    (t.canReply || editorView.status === 'submitting' || editorView.status === 'failed') &&
    role !== BbsRole.values.OBSERVER
      ? {
          ...editorView,
          previews,
          onInput: (body) => send({ type: 'user.input', body }),
          onUnquote: () => send({ type: 'user.unquote' }),
          onAddImages: (files) => send({ type: 'user.addImages', files }),
          onRemoveImage: (id) => send({ type: 'user.removeImage', id }),
          onRetryImage: (id) => send({ type: 'user.retryImage', id }),
          onSubmit: () => send({ type: 'user.submit' }),
          onRetry: () => send({ type: 'user.retry' }),
        }
      : null;

  return (
    <ForumTopicView
      status={topic.status}
      topic={t}
      error={topic.error}
      role={role}
      boardHref={forumPaths.board(taskHashId)}
      order={order}
      replies={replies}
      editor={editor}
      memberHref={(memberId) => forumPaths.member(taskHashId, memberId)}
      completedNow={completedNow}
      moderation={
        role === BbsRole.values.MODERATOR
          ? {
              busy: moderating,
              onTopic: (patch: TopicPatch) =>
                void moderate(() => quietApi.call('moderateForumTopic', { params: { id: topicId }, body: patch })),
              onReply: (id: number, patch: ReplyPatch) =>
                void moderate(() => quietApi.call('moderateForumReply', { params: { id }, body: patch })),
            }
          : null
      }
      onRetry={topic.reload}
      onOrder={(next) => onFilter({ order: next, round: round.current })}
      onLoadMore={replies.onLoadMore}
      onRetryReplies={replies.onRetry}
      onQuote={(reply) => {
        send({
          type: 'user.quote',
          quote: { id: reply.id, author: reply.author.name, excerpt: excerptOf(reply.body) },
        });
        document.getElementById('forum-editor')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      }}
    />
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { selectForumComplete } from '../../../machines/forumComplete';
import { BbsRole } from '../../../openapi/enums';
import { quietApi } from '../../api';
import type { ForumAuthor } from '../../components/forum/parts';
import { appForumCompleteMachine } from '../../flows/forumComplete';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { forumPaths } from '../../routing/paths';
import { ForumMemberView, type ForumMemberPost } from './ForumMemberView';

/**
 * Container of `/bbs/{taskHashId}/users/{memberId}` 发言记录: one participant's posts
 * (listForumMemberPosts, paged) and, for a moderator looking at a respondent, their progress
 * (getForumRespondent) and 标记为完成 with its confirmation (machines/forumComplete.ts over
 * completeForumMember: the task completes and its 微豆 are paid once).
 */
export default function ForumMemberPage() {
  const { taskHashId = '', memberId = '' } = useParams();
  return <Posts key={`${taskHashId}:${memberId}`} taskHashId={taskHashId} memberId={Number(memberId) || 0} />;
}

function Posts({ taskHashId, memberId }: { taskHashId: string; memberId: number }) {
  const [author, setAuthor] = useState<ForumAuthor | null>(null);
  const fetchPosts = useCallback<FetchPage<ForumMemberPost, null>>(
    async ({ page, pageSize }, signal) => {
      const r = await quietApi.call('listForumMemberPosts', {
        params: { memberId },
        query: { taskHashId, page, pageSize },
        signal,
      });
      setAuthor(r.author);
      return r.posts;
    },
    [taskHashId, memberId],
  );
  const posts = usePagedList(fetchPosts, { filter: null });
  const me = useLoad((signal) => quietApi.call('getFocusMember', { query: { taskHashId }, signal }), [taskHashId]);
  const moderator = me.data?.role === BbsRole.values.MODERATOR;
  const mayComplete = moderator && author?.role === BbsRole.values.RESPONDENT;

  // The respondent's progress, before any 标记为完成 (moderators only).
  const respondent = useLoad(
    (signal) =>
      mayComplete
        ? quietApi.call('getForumRespondent', { params: { memberId }, query: { taskHashId }, signal })
        : Promise.resolve(null),
    [mayComplete, taskHashId, memberId],
  );
  const machine = useMemo(() => appForumCompleteMachine(taskHashId), [taskHashId]);
  const actor = useActorRef(machine, { input: { memberId } });
  const flow = useSelector(actor, selectForumComplete);
  const { reload } = respondent;
  useEffect(() => {
    if (flow.step === 'completed') reload();
  }, [flow.step, reload]);

  return (
    <ForumMemberView
      {...posts}
      author={author}
      boardHref={forumPaths.board(taskHashId)}
      topicHref={(topicId) => forumPaths.topic(taskHashId, topicId)}
      respondentsHref={moderator ? forumPaths.respondents(taskHashId) : null}
      completion={
        mayComplete
          ? {
              respondent: respondent.data ?? null,
              loadError: respondent.status === 'error',
              onRetryLoad: respondent.reload,
              ...flow,
              onComplete: () => actor.send({ type: 'user.complete' }),
              onConfirm: () => actor.send({ type: 'user.confirm' }),
              onCancel: () => actor.send({ type: 'user.cancel' }),
              onClose: () => actor.send({ type: 'user.close' }),
            }
          : null
      }
    />
  );
}

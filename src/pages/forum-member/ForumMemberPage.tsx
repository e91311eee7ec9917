import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BbsRole } from '../../../openapi/enums';
import { isApiError, quietApi } from '../../api';
import type { ForumAuthor, ForumProgress } from '../../components/forum/parts';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { forumPaths } from '../../routing/paths';
import { ForumMemberView, type ForumMemberPost } from './ForumMemberView';

/**
 * Container of `/bbs/{taskHashId}/users/{memberId}` 发言记录: one participant's posts
 * (listForumMemberPosts, paged) and, for a moderator looking at a respondent, 标记为完成
 * (completeForumMember: the task completes and its points are credited once).
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

  const [completion, setCompletion] = useState<{
    status: 'idle' | 'sending' | 'done';
    progress: ForumProgress | null;
    error: string | null;
  }>({ status: 'idle', progress: null, error: null });
  const complete = async () => {
    setCompletion({ status: 'sending', progress: null, error: null });
    try {
      const progress = await quietApi.call('completeForumMember', { params: { memberId }, query: { taskHashId } });
      setCompletion({ status: 'done', progress, error: null });
    } catch (e) {
      setCompletion({ status: 'idle', progress: null, error: isApiError(e) ? e.msg : '操作失败，请稍后再试' });
    }
  };
  const mayComplete = me.data?.role === BbsRole.values.MODERATOR && author?.role === BbsRole.values.RESPONDENT;

  return (
    <ForumMemberView
      {...posts}
      author={author}
      boardHref={forumPaths.board(taskHashId)}
      topicHref={(topicId) => forumPaths.topic(taskHashId, topicId)}
      completion={mayComplete ? { ...completion, onComplete: () => void complete() } : null}
    />
  );
}

import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { quietApi } from '../../api';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { forumPaths } from '../../routing/paths';
import { ForumRespondentsView, type ForumRespondentRow } from './ForumRespondentsView';

/**
 * Container of `/bbs/{taskHashId}/respondents` 受访者进度: the moderator's respondents with their
 * progress (listForumRespondents, paged); each opens their 发言记录, where 标记为完成 is.
 */
export default function ForumRespondentsPage() {
  const { taskHashId = '' } = useParams();
  const fetchPage = useCallback<FetchPage<ForumRespondentRow, null>>(
    ({ page, pageSize }, signal) =>
      quietApi.call('listForumRespondents', { query: { taskHashId, page, pageSize }, signal }),
    [taskHashId],
  );
  const list = usePagedList(fetchPage, { filter: null });
  return (
    <ForumRespondentsView
      {...list}
      boardHref={forumPaths.board(taskHashId)}
      memberHref={(memberId) => forumPaths.member(taskHashId, memberId)}
    />
  );
}

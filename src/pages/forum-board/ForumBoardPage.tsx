import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { selectForumBoardView, type ForumBoardActor, type ForumBoardSnapshot } from '../../../machines/forumBoard';
import { selectForumTopicEditorView, type ForumTopicEditorSnapshot } from '../../../machines/forumTopicEditor';
import { selectPagedView, type PagedListActor, type PagedListSnapshot } from '../../../machines/pagedList';
import type { ForumTopic } from '../../components/forum/parts';
import { appForumBoardMachine, appForumTopicEditorMachine } from '../../flows/forum';
import { useSessionView } from '../../flows/session';
import { shallowEqual } from '../../flows/shallowEqual';
import { BbsRole } from '../../../openapi/enums';
import { forumPaths, loginFor, routedPath, TASKS_PATH } from '../../routing/paths';
import { ForumBoardView, type ForumTopicList } from './ForumBoardView';

/** Container of `/bbs/{taskHashId}` 座谈会: the board machine (machines/forumBoard.ts) over the forum calls. */
export default function ForumBoardPage() {
  const { taskHashId = '' } = useParams();
  const { loggedIn } = useSessionView();
  // A login on this page (or another board) starts the board again.
  return <Board key={`${taskHashId}:${loggedIn}`} taskHashId={taskHashId} loggedIn={loggedIn} />;
}

const NO_TOPICS: ForumTopicList = { status: 'loading', items: [], hasMore: false };

function Board({ taskHashId, loggedIn }: { taskHashId: string; loggedIn: boolean }) {
  const [machine] = useState(() => appForumBoardMachine(taskHashId));
  const actor = useActorRef(machine, { input: { taskHashId, loggedIn } });
  const view = useSelector(actor, (s: ForumBoardSnapshot) => selectForumBoardView(s), shallowEqual);
  // The topic list is the board's child: its own snapshots, read from it directly.
  const child = useSelector(actor, (s: ForumBoardSnapshot) => s.children.topics as PagedListActor | undefined);
  const topics = useSelector(
    child,
    (s: PagedListSnapshot | undefined): ForumTopicList => (s ? selectPagedView<ForumTopic, unknown>(s) : NO_TOPICS),
    shallowEqual,
  );
  const here = forumPaths.board(taskHashId);
  const send = actor.send;
  const newTopic = useNewTopic(taskHashId, actor);
  return (
    <ForumBoardView
      {...view}
      topics={topics}
      newTopic={view.member?.role === BbsRole.values.MODERATOR ? newTopic : null}
      respondentsHref={view.member?.role === BbsRole.values.MODERATOR ? forumPaths.respondents(taskHashId) : null}
      loginHref={loginFor(here)}
      tasksHref={routedPath(TASKS_PATH) ?? null}
      topicHref={(id) => forumPaths.topic(taskHashId, id)}
      onRetry={() => send({ type: 'user.retry' })}
      onSection={(sectionId) => send({ type: 'user.section', sectionId })}
      onFilter={(filter) => send({ type: 'user.filter', filter })}
      onLoadMore={() => send({ type: 'user.loadMore' })}
      onRetryTopics={() => send({ type: 'user.retryTopics' })}
      onEditIdentity={() => send({ type: 'user.editIdentity' })}
      onName={(name) => send({ type: 'user.setName', name })}
      onPickAvatar={(file) => send({ type: 'user.pickAvatar', file })}
      onCancelIdentity={() => send({ type: 'user.cancelIdentity' })}
      onSaveIdentity={() => send({ type: 'user.saveIdentity' })}
    />
  );
}

/**
 * The moderator's 发起话题 (machines/forumTopicEditor.ts). A new topic lands first after the pinned
 * ones, so the board shows its section under 全部 (the list starts again from page 1); a lost
 * answer reloads the list as it is, so the moderator can look before sending again.
 */
function useNewTopic(taskHashId: string, board: ForumBoardActor) {
  const [machine] = useState(() =>
    appForumTopicEditorMachine(
      ({ sectionId }) => {
        const { query } = board.getSnapshot().context;
        if (query.sectionId !== null && query.sectionId !== sectionId) board.send({ type: 'user.section', sectionId });
        board.send({ type: 'user.filter', filter: 'all' });
      },
      () => board.send({ type: 'user.filter', filter: board.getSnapshot().context.query.filter }),
    ),
  );
  const actor = useActorRef(machine, { input: { taskHashId } });
  const view = useSelector(actor, (s: ForumTopicEditorSnapshot) => selectForumTopicEditorView(s), shallowEqual);
  const send = actor.send;
  return {
    ...view,
    // The section on show, or the only one there is; else the moderator picks.
    onOpen: () => {
      const { query, board: b } = board.getSnapshot().context;
      const only = b?.sections.length === 1 ? b.sections[0]!.id : null;
      send({ type: 'user.open', sectionId: query.sectionId ?? only });
    },
    onCancel: () => send({ type: 'user.cancel' }),
    onSection: (sectionId: number) => send({ type: 'user.section', sectionId }),
    onTitle: (title: string) => send({ type: 'user.title', title }),
    onBody: (body: string) => send({ type: 'user.body', body }),
    onRequired: (required: boolean) => send({ type: 'user.required', required }),
    onSeeAfterPosting: (seeAfterPosting: boolean) => send({ type: 'user.seeAfterPosting', seeAfterPosting }),
    onSubmit: () => send({ type: 'user.submit' }),
  };
}

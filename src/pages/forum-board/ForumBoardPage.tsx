import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { selectForumBoardView, type ForumBoardSnapshot } from '../../../machines/forumBoard';
import { selectPagedView, type PagedListActor, type PagedListSnapshot } from '../../../machines/pagedList';
import type { ForumTopic } from '../../components/forum/parts';
import { appForumBoardMachine } from '../../flows/forum';
import { useSessionView } from '../../flows/session';
import { shallowEqual } from '../../flows/shallowEqual';
import { forumPaths, routedPath } from '../../routing/paths';
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
  return (
    <ForumBoardView
      {...view}
      topics={topics}
      loginHref={`/login?redirect=${encodeURIComponent(here)}`}
      tasksHref={routedPath('/task') ?? null}
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

import { fromPromise } from 'xstate';
import type { PickedFile, UploadedObject } from '../../machines/avatarUpload';
import { tooLargeMessage, wrongTypeMessage } from '../../machines/avatarUpload';
import {
  forumBoardMachine,
  type BoardLoad,
  type FocusMember,
  type IdentityRequest,
  type TopicQuery,
} from '../../machines/forumBoard';
import { forumEditorMachine, type ForumDraft, type ReplyRequest } from '../../machines/forumEditor';
import { forumTopicEditorMachine, type PostedTopic, type TopicRequest } from '../../machines/forumTopicEditor';
import { pagedListMachine, type PageRequest, type PageResult } from '../../machines/pagedList';
import { Code } from '../../openapi/codes';
import { fileProblem } from '../../openapi/rules/uploads';
import { isApiError, quietApi } from '../api';
import { asBlob, readFileFacts, uploadFile } from './upload';
import { appScreenshotsMachine } from './feedback';
import { rememberForum } from './session';

/**
 * The forum's actors over the API (座谈会): the board (decodeFocusTask + getFocusMember),
 * its topic list, the forum identity, the moderator's 发起话题 (createForumTopic), and the reply
 * editor (createForumReply, with the signed upload of the member centre for pictures). Every call here is quiet: the pages show the
 * failures themselves (an error state, the form's message).
 */

/** The board, and the member's identity there when logged in (no access is an answer, not a failure). */
async function loadBoard({ taskHashId, loggedIn }: { taskHashId: string; loggedIn: boolean }, signal: AbortSignal) {
  const board = await quietApi.call('decodeFocusTask', { query: { taskHashId }, signal });
  if (!loggedIn) return { board, member: null, access: 'visitor' } satisfies BoardLoad;
  try {
    const member = await quietApi.call('getFocusMember', { query: { taskHashId }, signal });
    return { board, member, access: 'member' } satisfies BoardLoad;
  } catch (error) {
    if (isApiError(error) && error.code === Code.FORUM_NO_ACCESS)
      return { board, member: null, access: 'denied' } satisfies BoardLoad;
    throw error;
  }
}

/** An avatar for the board: checked like every upload of the `forum` module, then posted. */
async function uploadForumPicture(file: PickedFile, signal: AbortSignal): Promise<UploadedObject> {
  const blob = asBlob(file);
  const facts = await readFileFacts(blob);
  const problem = fileProblem('forum', facts);
  if (problem === 'size') throw { msg: tooLargeMessage(facts.size, 'forum') };
  if (problem) throw { msg: wrongTypeMessage('forum') };
  return uploadFile('forum', blob, signal);
}

const topicPage = (taskHashId: string) =>
  fromPromise<PageResult, PageRequest>(({ input, signal }) => {
    const q = input.filter as TopicQuery;
    return quietApi.call('listForumTopics', {
      query: {
        taskHashId,
        filter: q.filter,
        ...(q.sectionId !== null ? { sectionId: q.sectionId } : {}),
        page: input.page,
        pageSize: input.pageSize,
      },
      signal,
    });
  });

/** The board machine of one board with the app's actors. */
export function appForumBoardMachine(taskHashId: string) {
  return forumBoardMachine.provide({
    actors: {
      loadBoard: fromPromise<BoardLoad, { taskHashId: string; loggedIn: boolean }>(({ input, signal }) =>
        loadBoard(input, signal),
      ),
      uploadAvatar: fromPromise<UploadedObject, { file: PickedFile }>(({ input, signal }) =>
        uploadForumPicture(input.file, signal),
      ),
      saveIdentity: fromPromise<FocusMember, IdentityRequest>(({ input }) =>
        quietApi.call('updateFocusMember', { body: input }),
      ),
      topics: pagedListMachine.provide({ actors: { fetchPage: topicPage(taskHashId) } }),
    },
    actions: { storeForum: (_, member) => rememberForum(member) },
  });
}

/* ---- the editor's draft: kept in localStorage per topic, so a reload does not lose it ---- */

const draftKey = (topicId: number) => `forumDraft:${topicId}`;

export function readDraft(topicId: number): ForumDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(topicId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<ForumDraft>;
    return typeof d.body === 'string' ? { body: d.body, quote: d.quote ?? null } : null;
  } catch {
    return null;
  }
}

function writeDraft(topicId: number, draft: ForumDraft | null) {
  try {
    if (draft && (draft.body.trim() || draft.quote)) localStorage.setItem(draftKey(topicId), JSON.stringify(draft));
    else localStorage.removeItem(draftKey(topicId));
  } catch {
    // storage disabled or full: the draft lives as long as the page
  }
}

/** A reply just posted, and the poster's progress after it (null: a moderator, or not known). */
export interface PostedReply {
  id: number;
  progress: { completed: boolean; points: number; pointsStatus: 'none' | 'posted' } | null;
}

/** The editor machine of one topic with the app's actors; `onPosted` hears of each reply that landed. */
export function appForumEditorMachine(topicId: number, onPosted: (posted: PostedReply) => void) {
  // The server's answer carries the poster's progress; the machine hands on only the reply's id,
  // so the progress waits here for the `posted` action of that reply.
  const progressOf = new Map<number, PostedReply['progress']>();
  return forumEditorMachine.provide({
    actors: {
      submit: fromPromise<{ id: number }, ReplyRequest>(async ({ input }) => {
        const { topicId: id, ...body } = input;
        const created = await quietApi.call('createForumReply', { params: { id }, body });
        progressOf.set(created.reply.id, created.progress);
        return { id: created.reply.id };
      }),
      screenshots: appScreenshotsMachine,
    },
    actions: {
      saveDraft: (_, draft) => writeDraft(topicId, draft),
      clearDraft: () => writeDraft(topicId, null),
      posted: (_, reply) => {
        const progress = progressOf.get(reply.id) ?? null;
        progressOf.delete(reply.id);
        onPosted({ id: reply.id, progress });
      },
    },
  });
}

/**
 * The moderator's 发起话题 form of one board with the app's actors; `onPosted` hears of the new
 * topic, `onMaybePosted` of a lost answer (the board reloads its list either way).
 */
export function appForumTopicEditorMachine(
  onPosted: (topic: { id: number; sectionId: number }) => void,
  onMaybePosted: () => void,
) {
  return forumTopicEditorMachine.provide({
    actors: {
      submit: fromPromise<PostedTopic, TopicRequest>(async ({ input }) => {
        const topic = await quietApi.call('createForumTopic', { body: { ...input, images: [] } });
        return { id: topic.id, sectionId: topic.sectionId, title: topic.title };
      }),
    },
    actions: {
      posted: (_, topic) => onPosted(topic),
      maybePosted: () => onMaybePosted(),
    },
  });
}

import { fromPromise } from 'xstate';
import { forumCompleteMachine, type ForumCompleteInput, type ForumProgressData } from '../../machines/forumComplete';
import { quietApi } from '../api';

/**
 * The moderator's 标记为完成 of a respondent on a board (completeForumMember), quiet: the
 * confirmation shows a failure. A module of its own, not src/flows/forum.ts: the 发言记录 page
 * needs only this, and forum.ts's board and editor machines would ride along into its chunk.
 */
export const appForumCompleteMachine = (taskHashId: string) =>
  forumCompleteMachine.provide({
    actors: {
      complete: fromPromise<ForumProgressData, ForumCompleteInput>(({ input }) =>
        quietApi.call('completeForumMember', { params: { memberId: input.memberId }, query: { taskHashId } }),
      ),
    },
  });

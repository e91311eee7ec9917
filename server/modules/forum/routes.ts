/** The discussion-group forum: `/focusSections/decode/task`, `/focusMembers/info` and `/v1/forum/…`. */
import {
  completeForumMember,
  createForumReply,
  createForumTopic,
  decodeFocusTask,
  getFocusMember,
  getForumRespondent,
  getForumTopic,
  listForumMemberPosts,
  listForumReplies,
  listForumRespondents,
  listForumTopics,
  moderateForumReply,
  moderateForumTopic,
  updateFocusMember,
} from '../../../openapi/operations/forum';
import { handle } from '../../http/handle';
import {
  completeMember,
  createReply,
  createTopic,
  decodeBoard,
  focusMember,
  getTopic,
  listReplies,
  listTopics,
  memberPosts,
  moderateReply,
  moderateTopic,
  updateIdentity,
} from './service';
import { listRespondents, respondentDetail } from './respondents';

export const routes = [
  handle(decodeFocusTask, async ({ ctx, query }) => decodeBoard(ctx, query.taskHashId)),
  handle(getFocusMember, async ({ ctx, member, query }) => focusMember(ctx, member.id, query.taskHashId)),
  handle(updateFocusMember, async ({ ctx, member, body }) => updateIdentity(ctx, member.id, body)),
  handle(listForumTopics, async ({ ctx, member, query }) => listTopics(ctx, member.id, query)),
  handle(getForumTopic, async ({ ctx, member, params }) => getTopic(ctx, member.id, params.id)),
  handle(createForumTopic, async ({ ctx, member, body }) => createTopic(ctx, member.id, body)),
  handle(moderateForumTopic, async ({ ctx, member, params, body }) => moderateTopic(ctx, member.id, params.id, body)),
  handle(listForumReplies, async ({ ctx, member, params, query }) => listReplies(ctx, member.id, params.id, query)),
  handle(createForumReply, async ({ ctx, member, params, body }) => createReply(ctx, member.id, params.id, body)),
  handle(moderateForumReply, async ({ ctx, member, params, body }) => moderateReply(ctx, member.id, params.id, body)),
  handle(listForumMemberPosts, async ({ ctx, member, params, query }) =>
    memberPosts(ctx, member.id, params.memberId, query),
  ),
  handle(completeForumMember, async ({ ctx, member, params, query }) =>
    completeMember(ctx, member.id, params.memberId, query.taskHashId),
  ),
  handle(listForumRespondents, async ({ ctx, member, query }) => listRespondents(ctx, member.id, query)),
  handle(getForumRespondent, async ({ ctx, member, params, query }) =>
    respondentDetail(ctx, member.id, params.memberId, query.taskHashId),
  ),
];

/** The help centre: categories, articles (by category, keyword or 常见问题), one article and its vote. */
import { getQuestion, listCategories, listQuestions, voteQuestion } from '../../../openapi/operations/help';
import { handle } from '../../http/handle';
import { helpQuestionDetail, listHelpCategories, listHelpQuestions, voteOnHelpQuestion } from './service';

export const routes = [
  handle(listCategories, async ({ ctx, query }) => listHelpCategories(ctx.db, query.categoryId)),
  handle(listQuestions, async ({ ctx, query }) => listHelpQuestions(ctx.db, query)),
  handle(getQuestion, async ({ ctx, params, viewer }) => helpQuestionDetail(ctx.db, params.id, viewer?.id ?? null)),
  handle(voteQuestion, async ({ ctx, params, member, body }) =>
    voteOnHelpQuestion(ctx.db, member.id, params.id, body.helpful, ctx.now()),
  ),
];

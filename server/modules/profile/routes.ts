import {
  checkBasicSurvey,
  getBasicSurvey,
  getProperty,
  submitBasicSurvey,
  updateProperty,
} from '../../../openapi/operations/profile';
import { handle } from '../../http/handle';
import * as survey from './basicSurvey';
import { propertiesOf, toProperty, updateProperties } from './properties';

export const routes = [
  handle(getProperty, async ({ member, ctx }) => toProperty(await propertiesOf(ctx.db, member.id))),
  handle(updateProperty, async ({ member, ctx, body }) => updateProperties(ctx, member.id, body)),
  handle(getBasicSurvey, async ({ member, ctx }) => survey.getBasicSurvey(ctx, member.id)),
  handle(submitBasicSurvey, async ({ member, ctx, body }) => survey.submitBasicSurvey(ctx, member.id, body)),
  handle(checkBasicSurvey, async ({ member, ctx, query }) => survey.checkBasicSurvey(ctx, member.id, query.taskId)),
];

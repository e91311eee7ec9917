import { getRecruitApplication, submitRecruitApplication } from '../../../openapi/operations/recruit';
import { handle } from '../../http/handle';
import { recruitStatus, submitApplication } from './service';

export const routes = [
  handle(getRecruitApplication, async ({ member, ctx }) => recruitStatus(ctx, member.id)),
  handle(submitRecruitApplication, async ({ member, ctx, body }) => submitApplication(ctx, member.id, body)),
];

/** Demo content at start (SEED_DEMO): seed once into an empty database, serve the demo partner's pages. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { seedDemoRewards } from '../modules/exchange/seed';
import { seedDemo } from './demo';
import { seedDemoBenefits } from './demoBenefits';
import { seedDemoFeedback } from './demoFeedback';
import { seedDemoMessages } from './demoMessages';
import { seedDemoContent } from './demoContent';
import { seedDemoHelp } from './demoHelp';
import { seedDemoQuality } from './demoQuality';
import { seedDemoRanking } from './demoRanking';
import { seedDemoCourse } from './demoCourse';
import { seedDemoAppraise } from './demoAppraise';
import { seedDemoLottery } from './demoLottery';
import { seedDemoPrize } from './demoPrize';
import { seedDemoCampaign } from './demoCampaign';
import { seedDemoForum } from './demoForum';
import { registerDemoPartner } from './demoPartner';

export async function installDemo(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const created = await seedDemo(ctx);
  if (created) ctx.log.info({ tasks: created }, 'demo tasks seeded');
  const rewardsCreated = await seedDemoRewards(ctx);
  if (rewardsCreated) ctx.log.info({ rewards: rewardsCreated }, 'demo rewards seeded');
  const benefitsCreated = await seedDemoBenefits(ctx);
  if (benefitsCreated) ctx.log.info({ benefits: benefitsCreated }, 'demo benefits seeded');
  if (await seedDemoMessages(ctx)) ctx.log.info('demo screen message seeded');
  const contentCreated = await seedDemoContent(ctx);
  if (contentCreated)
    ctx.log.info({ content: contentCreated }, 'demo notices, banners, events and app releases seeded');
  const helpCreated = await seedDemoHelp(ctx);
  if (helpCreated) ctx.log.info({ articles: helpCreated }, 'demo help centre seeded');
  const ticketsCreated = await seedDemoFeedback(ctx);
  if (ticketsCreated) ctx.log.info({ tickets: ticketsCreated }, 'demo member and feedback tickets seeded');
  const answersCreated = await seedDemoQuality(ctx);
  if (answersCreated) ctx.log.info({ answers: answersCreated }, 'demo member answer history seeded');
  const tipsCreated = await seedDemoRanking(ctx);
  if (tipsCreated) ctx.log.info({ tips: tipsCreated }, 'demo ranking tips and earners seeded');
  const lessonsCreated = await seedDemoCourse(ctx);
  if (lessonsCreated) ctx.log.info({ lessons: lessonsCreated }, 'demo newcomer course seeded');
  const appraised = await seedDemoAppraise(ctx);
  if (appraised)
    ctx.log.info({ month: appraised.month, winners: appraised.winners.length }, 'demo monthly best seeded');
  const prizesCreated = await seedDemoLottery(ctx);
  if (prizesCreated) ctx.log.info({ prizes: prizesCreated }, 'demo lucky wheel seeded');
  const trialsCreated = await seedDemoPrize(ctx);
  if (trialsCreated) ctx.log.info({ trials: trialsCreated }, 'demo prize trials seeded (one open, one drawn)');
  if (await seedDemoCampaign(ctx)) ctx.log.info('demo christmas campaign seeded');
  const forumReplies = await seedDemoForum(ctx);
  if (forumReplies) ctx.log.info({ replies: forumReplies }, 'demo discussion-group board seeded');
  registerDemoPartner(app, ctx);
}

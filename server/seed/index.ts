/** Demo content at start (SEED_DEMO): seed once into an empty database, serve the demo partner's pages. */
import { seedDemoStaff } from './demoStaff';
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
import { seedDemoCampaign, seedDemoSpringCampaign } from './demoCampaign';
import { seedDemoForum } from './demoForum';
import { registerDemoPartner } from './demoPartner';

export async function installDemo(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // How long each step took (ms): one line after the first start's seeding, where it all happens.
  const stepMs: Record<string, number> = {};
  let last = performance.now();
  let seeded = false;
  const lap = (name: string, created?: unknown) => {
    const t = performance.now();
    stepMs[name] = Math.round(t - last);
    last = t;
    seeded ||= Boolean(created);
  };
  const created = await seedDemo(ctx);
  lap('seedDemo', created);
  if (created) ctx.log.info({ tasks: created }, 'demo tasks seeded');
  const rewardsCreated = await seedDemoRewards(ctx);
  lap('seedDemoRewards', rewardsCreated);
  if (rewardsCreated) ctx.log.info({ rewards: rewardsCreated }, 'demo rewards seeded');
  const benefitsCreated = await seedDemoBenefits(ctx);
  lap('seedDemoBenefits', benefitsCreated);
  if (benefitsCreated) ctx.log.info({ benefits: benefitsCreated }, 'demo benefits seeded');
  const screenMessage = await seedDemoMessages(ctx);
  lap('seedDemoMessages', screenMessage);
  if (screenMessage) ctx.log.info('demo screen message seeded');
  const contentCreated = await seedDemoContent(ctx);
  lap('seedDemoContent', contentCreated);
  if (contentCreated)
    ctx.log.info({ content: contentCreated }, 'demo notices, banners, events and app releases seeded');
  const helpCreated = await seedDemoHelp(ctx);
  lap('seedDemoHelp', helpCreated);
  if (helpCreated) ctx.log.info({ articles: helpCreated }, 'demo help centre seeded');
  const ticketsCreated = await seedDemoFeedback(ctx);
  lap('seedDemoFeedback', ticketsCreated);
  if (ticketsCreated) ctx.log.info({ tickets: ticketsCreated }, 'demo member and feedback tickets seeded');
  const answersCreated = await seedDemoQuality(ctx);
  lap('seedDemoQuality', answersCreated);
  if (answersCreated) ctx.log.info({ answers: answersCreated }, 'demo member answer history seeded');
  const tipsCreated = await seedDemoRanking(ctx);
  lap('seedDemoRanking', tipsCreated);
  if (tipsCreated) ctx.log.info({ tips: tipsCreated }, 'demo ranking tips and earners seeded');
  const lessonsCreated = await seedDemoCourse(ctx);
  lap('seedDemoCourse', lessonsCreated);
  if (lessonsCreated) ctx.log.info({ lessons: lessonsCreated }, 'demo newcomer course seeded');
  const appraised = await seedDemoAppraise(ctx);
  lap('seedDemoAppraise', appraised);
  if (appraised)
    ctx.log.info({ month: appraised.month, winners: appraised.winners.length }, 'demo monthly best seeded');
  const prizesCreated = await seedDemoLottery(ctx);
  lap('seedDemoLottery', prizesCreated);
  if (prizesCreated) ctx.log.info({ prizes: prizesCreated }, 'demo lucky wheel seeded');
  const trialsCreated = await seedDemoPrize(ctx);
  lap('seedDemoPrize', trialsCreated);
  if (trialsCreated) ctx.log.info({ trials: trialsCreated }, 'demo prize trials seeded (one open, one drawn)');
  const campaign = await seedDemoCampaign(ctx);
  lap('seedDemoCampaign', campaign);
  if (campaign) ctx.log.info('demo christmas campaign seeded');
  const spring = await seedDemoSpringCampaign(ctx);
  lap('seedDemoSpringCampaign', spring);
  if (spring) ctx.log.info('demo spring festival campaign seeded (upcoming)');
  const forumReplies = await seedDemoForum(ctx);
  lap('seedDemoForum', forumReplies);
  if (forumReplies) ctx.log.info({ replies: forumReplies }, 'demo discussion-group board seeded');
  const staffCreated = await seedDemoStaff(ctx);
  lap('seedDemoStaff', staffCreated);
  if (staffCreated) ctx.log.info({ staff: staffCreated }, 'demo console staff seeded (one per role)');
  registerDemoPartner(app, ctx);
  if (seeded) ctx.log.info({ stepMs }, 'demo content seeded');
  else ctx.log.debug({ stepMs }, 'demo content checked');
}

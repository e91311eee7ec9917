import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';
import { tokenOf } from './support/tasks';

// The discussion-group forum in the browser: a member starts the demo discussion group
// on its task detail and lands on its board (not a partner hand-off), answers every required
// topic, and the task completes: its points post once (微豆明细, 任务记录). A client observer added
// by an operator reads the board and a topic but sees no points and no editor. The demo moderator
// posts a required topic from the board first, so the respondent's required count includes it
// (the respondent's steps read the count from the page rather than assuming the seeded one).

interface Card {
  hashId: string;
  title: string;
  kind: string;
  points: number;
}

/** The demo discussion group, as the member's task list has it. */
async function demoForumTask(page: Page, request: APIRequestContext): Promise<Card> {
  const res = await request.get('/api/v1/tasks?pageSize=100', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const list = ((await res.json()) as { data: { list: Card[] } }).data.list;
  const card = list.find((t) => t.kind === 'forum');
  if (!card) throw new Error('no discussion-group task in the demo content');
  return card;
}

test('the demo moderator posts a required topic on the board, and it shows there', async ({ page, request }) => {
  await passwordLogin(page, '13800000001', 'weidou2030');
  await expect(page).toHaveURL(/\/home/);
  const task = await demoForumTask(page, request);
  await page.goto(`/bbs/${task.hashId}`);
  await expect(page.getByText(/你是主持人/)).toBeVisible();
  await page.getByRole('button', { name: '发起话题' }).click();
  const form = page.getByRole('form', { name: '发起话题' });
  // Nothing chosen or typed yet: the form says what is missing and sends nothing.
  await form.getByRole('button', { name: '发布话题' }).click();
  await expect(form.getByText('请选择版块')).toBeVisible();
  await form.getByRole('group', { name: '话题的版块' }).getByRole('button').first().click();
  const title = `续航和价格，你更在意哪一个？（${Date.now() % 100_000}）`;
  await form.getByRole('textbox', { name: '话题标题' }).fill(title);
  await form.getByRole('textbox', { name: /话题内容/ }).fill('请说说买车时你最看重的一点，以及为什么。');
  await form.getByRole('checkbox', { name: /必答/ }).check();
  await form.getByRole('button', { name: '发布话题' }).click();
  await expect(page.getByText('话题已发布')).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = page.getByTestId('forum-topic').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('必答', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/topics\/\d+$/);
  await expect(page.getByText('请说说买车时你最看重的一点，以及为什么。')).toBeVisible();
});

test('a respondent answers the required topics; the task completes and its points post', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerViaApi(request, { password: 'forum-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!);
  await expect(page).toHaveURL(/\/home/);
  const task = await demoForumTask(page, request);

  // The task detail's start opens the board.
  await page.goto(`/task/detail/${task.hashId}`);
  await page.getByRole('link', { name: '开始讨论' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bbs/${task.hashId}$`));
  await expect(page.getByText(/必答话题 已答 0\/\d+/)).toBeVisible();
  const total = Number((await page.getByText(/必答话题 已答 0\/\d+/).textContent())!.match(/\/(\d+)/)![1]);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByText(`答完可得 ${task.points} 微豆`)).toBeVisible();

  // A display name of my own on this board.
  await page.getByRole('button', { name: '修改显示名和头像' }).click();
  await page.getByLabel('显示名').fill(`受访者${member.mobile.slice(-4)}`);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('forum-name')).toHaveText(`受访者${member.mobile.slice(-4)}`);

  const me = member.mobile.slice(-4);
  // The count is read from the page after each answer: a moderator may post another required topic meanwhile.
  for (let answered = 0, left = total; answered < left; answered++) {
    const words = `${me} 的第 ${answered + 1} 个必答话题：我的真实想法是包装要简洁。`;
    await page.getByRole('button', { name: '我未回复' }).click();
    const row = page.getByTestId('forum-topic').filter({ hasText: '必答' }).first();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/topics\/\d+$/);
    await page.getByRole('textbox', { name: /回复内容/ }).fill(words);
    await page.getByRole('button', { name: '发表回复' }).click();
    // Said at once, and in the list of replies (read again after the post landed), in view.
    await expect(
      page
        .getByTestId('app-toaster')
        .getByText(/^回复已发表/)
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('forum-reply').filter({ hasText: words })).toBeInViewport();
    await page.getByRole('link', { name: '返回座谈会' }).click();
    const count = page.getByText(new RegExp(`必答话题 已答 ${answered + 1}/\\d+`));
    await expect(count).toBeVisible();
    left = Number((await count.textContent())!.match(/\/(\d+)/)![1]);
  }
  await expect(page.getByText(`已完成，${task.points} 微豆已到账`)).toBeVisible();

  await page.goto('/home/gold');
  await expect(page.getByText(`+${task.points}`).first()).toBeVisible();
  await page.goto('/home/task');
  await expect(page.getByText(task.title).first()).toBeVisible();
});

test('an observer reads the board and a topic, with no points and no editor', async ({ page, request }) => {
  const observer = await registerViaApi(request, { password: 'forum-e2e-2' });
  await passwordLogin(page, observer.mobile, observer.password!);
  await expect(page).toHaveURL(/\/home/);
  const task = await demoForumTask(page, request);
  await ops('forum', 'observer', 'add', '--task', task.hashId, '--member', observer.mobile);

  await page.goto(`/bbs/${task.hashId}`);
  await expect(page.getByText('你是客户观察员：可以查看全部话题与回复，不能发言。')).toBeVisible();
  // No amount of points anywhere on the page (the site's name 微豆调研 is not one).
  await expect(page.getByText(/\d+\s*微豆/)).toHaveCount(0);
  await expect(page.getByTestId('forum-progress')).toHaveCount(0);
  await page.getByTestId('forum-topic').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/topics\/\d+$/);
  await expect(page.getByText('你是客户观察员，可以查看全部回复，不能发言。')).toBeVisible();
  await expect(page.getByRole('button', { name: '发表回复' })).toHaveCount(0);
  await expect(page.getByText(/\d+\s*微豆/)).toHaveCount(0);
});

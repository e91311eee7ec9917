import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';

// Help search at both sizes: the help page's search finds what members type, not only exact phrases —
// the search box's own example (its placeholder) finds the article that answers it, first.

test('searching the placeholder’s own example finds its article first', async ({ page, request }) => {
  const member = await registerViaApi(request, { password: 'help-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome%2Ffeedback');
  await expect(page).toHaveURL(/\/home\/feedback$/);

  const box = page.getByRole('searchbox', { name: '搜索帮助' });
  const placeholder = (await box.getAttribute('placeholder')) ?? '';
  const example = placeholder.split('如：')[1]?.trim();
  expect(example, placeholder).toBe('微豆多久到账');
  await box.fill(example!);
  await page.getByRole('button', { name: '搜索', exact: true }).click();

  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(page.getByTestId('results-count')).toBeVisible();
  const first = results.getByRole('link').first();
  await expect(first).toContainText('完成问卷后，微豆多久到账？');
  await first.click();
  await expect(page.getByRole('heading', { name: '完成问卷后，微豆多久到账？' })).toBeVisible();
});

/**
 * Plays that check what a story's state shows, so a view that stops showing it fails the stories
 * test: `play: shows('暂无记录')`, `play: shows(button('登录', 'disabled'), alert('验证码错误'))`.
 * A string or RegExp is a text that must be on screen.
 */
import { expect, userEvent, within } from 'storybook/test';

type Canvas = ReturnType<typeof within>;
export type Check = (canvas: Canvas) => Promise<void>;

export function shows(...checks: (string | RegExp | Check)[]) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    // The whole document, not only the story's root: dialogs and toasts render in a portal.
    const canvas = within(canvasElement.ownerDocument.body);
    for (const check of checks) await (typeof check === 'function' ? check(canvas) : text(check)(canvas));
  };
}

/**
 * Checks what the state shows like `shows`, then presses the button `name` and expects the view
 * to call its `callback` prop: `play: presses('去登录', 'onLogin', '请先登录')`.
 */
export function presses(name: string | RegExp, callback: string, ...checks: (string | RegExp | Check)[]) {
  return async ({ canvasElement, args }: { canvasElement: HTMLElement; args: object }) => {
    await shows(...checks)({ canvasElement });
    // The whole document, as `shows`: a dialog's buttons render in a portal (the story's own come first).
    const [found] = await within(canvasElement.ownerDocument.body).findAllByRole('button', { name });
    await userEvent.click(found!);
    await expect((args as Record<string, unknown>)[callback]).toHaveBeenCalled();
  };
}

/**
 * The innermost elements whose text contains `content`, so a text split over several elements
 * (a number in its own <span>) still counts.
 */
const containing = (content: string | RegExp) => (_: string, element: Element | null) => {
  const has = (el: Element) => {
    const value = (el.textContent ?? '').replace(/\s+/g, ' ');
    return typeof content === 'string' ? value.includes(content) : content.test(value);
  };
  return !!element && has(element) && ![...element.children].some(has);
};

export const text =
  (content: string | RegExp): Check =>
  async (canvas) => {
    const found = await canvas.findAllByText(containing(content)).catch(() => []);
    await expect(found.length, `text “${String(content)}” on screen`).toBeGreaterThan(0);
  };

/** A text that must not be on screen (a state that hides something another state shows). */
export const hidden =
  (content: string | RegExp): Check =>
  async (canvas) => {
    await expect(canvas.queryAllByText(containing(content))).toHaveLength(0);
  };

const isDisabled = (el: HTMLElement) => el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true';

/**
 * A control by role and accessible name; `disabled`/`enabled` also checks whether it can be used.
 * Role queries include hidden elements: jsdom applies no media queries, so the part of a view
 * shown only from the `md` breakpoint up counts as hidden there, though it is what the story shows.
 */
const control =
  (role: 'button' | 'link' | 'tab' | 'checkbox' | 'radio' | 'textbox') =>
  (name: string | RegExp, state?: 'disabled' | 'enabled'): Check =>
  async (canvas) => {
    const [found] = await canvas.findAllByRole(role, { name, hidden: true });
    if (state) await expect(isDisabled(found!), `${role} “${String(name)}” ${state}`).toBe(state === 'disabled');
  };

export const button = control('button');

/** No button by this accessible name (a state that hides an action another state offers). */
export const noButton =
  (name: string | RegExp): Check =>
  async (canvas) => {
    await expect(canvas.queryAllByRole('button', { name, hidden: true }), `no button “${String(name)}”`).toHaveLength(
      0,
    );
  };
export const link = control('link');
export const tab = control('tab');

/** A link by accessible name that leads to `href`. */
export const linkTo =
  (name: string | RegExp, href: string): Check =>
  async (canvas) => {
    const [found] = await canvas.findAllByRole('link', { name, hidden: true });
    await expect(found).toHaveAttribute('href', href);
  };

/**
 * A link to `href`, or — `href` null: a page not built yet (src/routing/feedback.ts) — no link by
 * this name at all. Stories whose links come from the route table check either state with it.
 */
export const linkToOrNone =
  (name: string | RegExp, href: string | null): Check =>
  async (canvas) => {
    if (href) return linkTo(name, href)(canvas);
    await expect(canvas.queryAllByRole('link', { name, hidden: true }), `no link “${String(name)}”`).toHaveLength(0);
  };

/** An alert (form error, failed load) whose text contains `content`. */
export const alert =
  (content: string | RegExp): Check =>
  async (canvas) => {
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts.map((a: HTMLElement) => a.textContent ?? '').join(' | ')).toMatch(content);
  };

/** `count` elements with this test id. */
export const testIds =
  (id: string, count: number): Check =>
  async (canvas) => {
    await expect(await canvas.findAllByTestId(id)).toHaveLength(count);
  };

/** The navigation link of the page the visitor is on (`aria-current="page"`). */
export const currentPage =
  (name: string | RegExp): Check =>
  async (canvas) => {
    await expect(await canvas.findAllByRole('link', { name, current: 'page', hidden: true })).not.toHaveLength(0);
  };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ImpersonationBanner } from '../components/impersonation-banner';
import {
  ADMIN_PAGE_PATH,
  BADGE_LABEL,
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_MS,
  PANEL_TITLE,
  RETURN_BUTTON_LABEL,
  RETURNING_NOTICE_TITLE,
  SIGN_OUT_PATH,
  WELCOME_BACK_NOTICE_MS,
  WELCOME_BACK_TITLE,
} from '../../testing/defaults';
import type { ReturnToAdminResult } from '../types';
import { after, storyNow, STORY_NOW, withAppPage } from './story-page';

const ADMIN = { id: 'admin-7f3a', email: 'ada.admin@viewas.dev' };
const RETURNED: ReturnToAdminResult = { ok: true, data: { success: true, adminUser: ADMIN } };

const meta = {
  title: 'Impersonation banner/Banner',
  component: ImpersonationBanner,
  decorators: [withAppPage],
  parameters: { layout: 'fullscreen' },
  args: {
    user: { email: 'jane.doe@example.com', isImpersonated: true },
    returnToAdmin: fn(() => after(300, RETURNED)),
    signIn: fn(() => after(300, { ok: true, error: null })),
    navigate: fn(),
    onError: fn(),
    now: storyNow,
  },
} satisfies Meta<typeof ImpersonationBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Portalled panels and toasts live in the document body, outside the story's canvas. */
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/**
 * How long after a notice's time is up it is gone from the page: react-hot-toast fades it, then
 * removes it a second later. A story that ends while a notice is still up would hand its checks a
 * page about to change (axe once caught the welcome notice half faded on a busy machine).
 */
const NOTICE_REMOVAL_MS = 2000;

/** Not impersonating: nothing is rendered at all. */
export const Hidden: Story = {
  args: { user: { email: 'ada.admin@viewas.dev', isImpersonated: false } },
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).queryByRole('button', { name: BADGE_LABEL })).toBeNull();
  },
};

/** The closed badge; hovering it opens the panel (play function). */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.hover(body.getByRole('button', { name: BADGE_LABEL }));
    const panel = await body.findByRole('dialog', { name: PANEL_TITLE });
    await expect(panel).toHaveTextContent('jane.doe@example.com');
    await userEvent.unhover(body.getByRole('button', { name: BADGE_LABEL }));
  },
};

/** Keyboard only: Tab opens, Tab reaches 'Return to Admin', Escape closes and focus goes back. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const badge = body.getByRole('button', { name: BADGE_LABEL });
    await userEvent.tab();
    await expect(badge).toHaveFocus();
    // waitFor: the panel fades in from opacity 0.
    await waitFor(() => expect(body.getByRole('dialog', { name: PANEL_TITLE })).toBeVisible());
    await userEvent.tab();
    await expect(body.getByRole('button', { name: RETURN_BUTTON_LABEL })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(badge).toHaveFocus();
  },
};

/** The whole way back: returning notice for 2 s, the sign-in, the welcome notice for 3 s, the admin page. */
export const ReturnsToAdmin: Story = {
  play: async ({ canvasElement, args }) => {
    const body = page(canvasElement);
    await userEvent.tab();
    await userEvent.click(await body.findByRole('button', { name: RETURN_BUTTON_LABEL }));
    await waitFor(() => expect(body.getByText(RETURNING_NOTICE_TITLE)).toBeVisible());
    await waitFor(() => expect(body.getByText(WELCOME_BACK_TITLE)).toBeVisible(), { timeout: 4000 });
    await expect(args.signIn).toHaveBeenCalledWith(ADMIN.id);
    await expect(args.navigate).toHaveBeenCalledWith(ADMIN_PAGE_PATH);
    await waitFor(() => expect(body.queryByText(WELCOME_BACK_TITLE)).toBeNull(), {
      timeout: WELCOME_BACK_NOTICE_MS + NOTICE_REMOVAL_MS,
    });
  },
};

/** The server refuses: the error notice shows for 5 s, then the browser is sent to sign out and the notice goes. */
export const Failure: Story = {
  args: {
    returnToAdmin: fn(() =>
      after<ReturnToAdminResult>(300, { ok: false, error: { code: 'forbidden', message: 'Not impersonating', status: 403 } }),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const body = page(canvasElement);
    await userEvent.tab();
    await userEvent.click(await body.findByRole('button', { name: RETURN_BUTTON_LABEL }));
    await expect(await body.findByRole('alert')).toHaveTextContent(ERROR_NOTICE_DESCRIPTION);
    // The notice stays readable: sign-out follows only after its 5 s (the boundary is checked with
    // fake timers in the unit tests).
    await expect(args.navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(SIGN_OUT_PATH), { timeout: ERROR_NOTICE_MS + NOTICE_REMOVAL_MS });
    await waitFor(() => expect(body.queryByRole('alert')).toBeNull(), { timeout: NOTICE_REMOVAL_MS });
  },
};

/** With an expiry 42½ minutes away on a frozen clock. */
export const Countdown: Story = {
  args: {
    user: {
      email: 'jane.doe@example.com',
      isImpersonated: true,
      impersonationExpiresAt: new Date(STORY_NOW + 42.5 * 60_000).toISOString(),
    },
  },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.tab();
    await expect(await body.findByRole('dialog')).toHaveTextContent('Ends in 42 min');
  },
};

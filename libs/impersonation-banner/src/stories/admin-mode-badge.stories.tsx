import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { fn } from 'storybook/test';
import { styled } from 'styled-components';
import { AdminModeBadge } from '../components/admin-mode-badge';
import {
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_TITLE,
  RETURNING_NOTICE_TITLE,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_BACK_TITLE,
} from '../../testing/defaults';
import { ImpersonationNotice } from '../notice/impersonation-notice';
import { LONG_EMAIL, storyNow, STORY_NOW, withAppPage } from './story-page';

const meta = {
  title: 'Impersonation banner/Badge and panel',
  component: AdminModeBadge,
  decorators: [withAppPage],
  parameters: { layout: 'fullscreen' },
  args: { email: 'jane.doe@example.com', onReturn: fn(), now: storyNow, defaultOpen: true },
} satisfies Meta<typeof AdminModeBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

/** As a page first shows it: hover, focus or press the badge to open its panel. */
export const Closed: Story = { args: { defaultOpen: false } };

export const LongEmail: Story = { args: { email: LONG_EMAIL } };

/** After 'Return to Admin': the panel stays open, the button is busy and keeps its name. */
export const Pending: Story = { args: { pending: true } };

export const Countdown: Story = { args: { expiresAt: new Date(STORY_NOW + 42.5 * 60_000).toISOString() } };

/** The words a host passes for the modes (the app's own, from its messages). */
const MODE_TEXTS = { read_only: 'Read-only', full: 'Full access' };

/** A read-only view: the panel says so, under the e-mail address. */
export const ReadOnly: Story = {
  args: { mode: 'read_only', texts: MODE_TEXTS, expiresAt: new Date(STORY_NOW + 28 * 60_000).toISOString() },
};

/** A full view: the staff member acts as the user, every change attributed to them. */
export const FullAccess: Story = {
  args: { mode: 'full', texts: MODE_TEXTS, expiresAt: new Date(STORY_NOW + 42.5 * 60_000).toISOString() },
};

export const EndsInUnderAMinute: Story = { args: { expiresAt: new Date(STORY_NOW + 30_000).toISOString() } };

export const Dark: Story = {
  args: { expiresAt: new Date(STORY_NOW + 42.5 * 60_000).toISOString() },
  globals: { theme: 'dark' },
};

const Grid = styled.div(
  ({ theme: t }) => `
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(380px, 1fr));
    gap: ${t.space[5]};
    margin-top: ${t.space[5]};
  `,
);

// A transform makes the cell the containing block of the fixed badge, so each badge sits at the
// bottom-left of its own cell instead of the screen's.
const Cell = styled.section(
  ({ theme: t }) => `
    position: relative;
    height: 340px;
    border: 1px dashed ${t.colors.border};
    border-radius: ${t.radii.md};
    transform: translateZ(0);
    & > h2 {
      margin: ${t.space[3]};
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.textMuted};
    }
  `,
);

const Notices = styled.div(
  ({ theme: t }) => `
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space[4]};
    align-items: flex-start;
    margin-top: ${t.space[5]};
  `,
);

function State({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Cell aria-label={title}>
      <h2>{title}</h2>
      {children}
    </Cell>
  );
}

/** Every state at once, for design review in either colour mode (toolbar). */
export const AllStates: Story = {
  render: (args) => (
    <>
      <Grid>
        <State title="Closed">
          <AdminModeBadge {...args} defaultOpen={false} />
        </State>
        <State title="Open, with countdown">
          <AdminModeBadge {...args} expiresAt={new Date(STORY_NOW + 42.5 * 60_000).toISOString()} />
        </State>
        <State title="Returning (pending)">
          <AdminModeBadge {...args} pending />
        </State>
        <State title="Long e-mail address">
          <AdminModeBadge {...args} email={LONG_EMAIL} />
        </State>
      </Grid>
      <Notices>
        <ImpersonationNotice kind="info" title={RETURNING_NOTICE_TITLE} />
        <ImpersonationNotice kind="success" title={WELCOME_BACK_TITLE} description={WELCOME_BACK_DESCRIPTION} />
        <ImpersonationNotice kind="error" title={ERROR_NOTICE_TITLE} description={ERROR_NOTICE_DESCRIPTION} />
      </Notices>
    </>
  ),
};

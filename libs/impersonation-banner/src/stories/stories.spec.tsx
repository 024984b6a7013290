import { composeStories } from '@storybook/react';
import { screen } from '@testing-library/react';
import { axeInAct } from '../../testing/axe';
import { toast } from 'react-hot-toast';
import { act } from 'react';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared Storybook preview (theme decorator) is part of what is rendered
import preview from '../../../../.storybook/preview';
import { BADGE_LABEL, PANEL_TITLE, PENDING_ANNOUNCEMENT, RETURN_BUTTON_LABEL } from '../../testing/defaults';
import * as badgeStories from './admin-mode-badge.stories';
import * as bannerStories from './impersonation-banner.stories';
import * as noticeStories from './impersonation-notice.stories';
import { LONG_EMAIL } from './story-page';

const banner = composeStories(bannerStories, preview);
const badge = composeStories(badgeStories, preview);
const notices = composeStories(noticeStories, preview);

afterEach(() => {
  act(() => toast.remove());
  delete document.documentElement.dataset['theme'];
  document.documentElement.style.colorScheme = '';
});

describe('impersonation banner stories', () => {
  const all = { Banner: banner, 'Badge and panel': badge, Notices: notices };
  it.each(
    Object.entries(all).flatMap(([group, stories]) =>
      Object.entries(stories).map(([name, Story]) => ({ name: `${group}/${name}`, Story })),
    ),
  )(
    '$name renders (and plays) with no axe violations',
    async ({ Story }) => {
      await Story.run();
      expect(await axeInAct(document.body)).toHaveNoViolations();
    },
    15_000,
  );

  it('Hidden renders no badge at all', async () => {
    await banner.Hidden.run();
    expect(screen.queryByRole('button', { name: BADGE_LABEL })).not.toBeInTheDocument();
  });

  it('Pending shows the busy button and announces the return', async () => {
    await badge.Pending.run();
    expect(screen.getByRole('button', { name: RETURN_BUTTON_LABEL })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('dialog', { name: PANEL_TITLE })).toHaveTextContent(PENDING_ANNOUNCEMENT);
  });

  it('LongEmail shows the whole address', async () => {
    await badge.LongEmail.run();
    expect(screen.getByText(LONG_EMAIL)).toBeInTheDocument();
  });

  it('Dark renders in dark mode', async () => {
    await badge.Dark.run();
    expect(document.documentElement.dataset['theme']).toBe('dark');
  });

  it('AllStates shows four badges, three open panels and the three notices', async () => {
    await badge.AllStates.run();
    expect(screen.getAllByRole('button', { name: BADGE_LABEL })).toHaveLength(4);
    expect(screen.getAllByRole('dialog', { name: PANEL_TITLE })).toHaveLength(3);
    expect(screen.getAllByRole('status').filter((region) => region.hasAttribute('aria-atomic'))).toHaveLength(2);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

import { composeStories } from '@storybook/react';
import { axe } from 'jest-axe';
import * as stories from './session-status.stories';

const { Loading, Unauthenticated, Authenticated, Impersonated } = composeStories(stories);

describe('session status stories', () => {
  it.each([
    ['Loading', Loading],
    ['Unauthenticated', Unauthenticated],
    ['Authenticated', Authenticated],
    ['Impersonated', Impersonated],
  ])('%s renders, passes its play function and has no axe violations', async (_name, Story) => {
    await Story.run();

    expect(await axe(document.body)).toHaveNoViolations();
  });
});

/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { renderWithApp } from '../../../testing/ui/render';
import { FailureView } from './failure-view';
import { ForbiddenView } from './forbidden-view';
import { NotFoundView } from './not-found-view';

describe('ForbiddenView', () => {
  it('tells a non-admin clearly that the page is for administrators, with a way home', async () => {
    const { container } = renderWithApp(<ForbiddenView lang="en" impersonating={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.getByText('Error 403')).toBeInTheDocument();
    expect(screen.getByText(/This page is for administrators/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('tells an impersonating admin how to get back to the page', () => {
    renderWithApp(<ForbiddenView lang="en" impersonating />);
    expect(screen.getByText(/Return to your admin account with the Admin Mode badge/)).toBeInTheDocument();
  });
});

describe('NotFoundView', () => {
  it('says the page does not exist, with a way home', () => {
    renderWithApp(<NotFoundView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('FailureView', () => {
  it('explains without details and retries on request', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithApp(<FailureView onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

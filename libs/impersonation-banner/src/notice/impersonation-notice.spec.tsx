import { render, screen } from '@testing-library/react';
import { axeInAct } from '../../testing/axe';
import {
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_TITLE,
  RETURNING_NOTICE_TITLE,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_BACK_TITLE,
} from '../../testing/defaults';
import { ImpersonationNotice } from './impersonation-notice';

describe('ImpersonationNotice', () => {
  it('shows a success title with its description as a polite status message', async () => {
    const { container } = render(<ImpersonationNotice kind="success" title={WELCOME_BACK_TITLE} description={WELCOME_BACK_DESCRIPTION} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toHaveTextContent(`${WELCOME_BACK_TITLE}${WELCOME_BACK_DESCRIPTION}`);
    expect(notice).toHaveAttribute('data-state', 'open');
    expect(await axeInAct(container)).toHaveNoViolations();
  });

  it('shows an error as an assertive alert', async () => {
    const { container } = render(<ImpersonationNotice kind="error" title={ERROR_NOTICE_TITLE} description={ERROR_NOTICE_DESCRIPTION} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(alert).toHaveTextContent(`${ERROR_NOTICE_TITLE}${ERROR_NOTICE_DESCRIPTION}`);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await axeInAct(container)).toHaveNoViolations();
  });

  it('renders a title alone when there is no description', () => {
    render(<ImpersonationNotice kind="info" title={RETURNING_NOTICE_TITLE} />);
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${RETURNING_NOTICE_TITLE}$`));
  });

  it('marks itself closed while its toast is leaving', () => {
    render(<ImpersonationNotice kind="info" title={RETURNING_NOTICE_TITLE} visible={false} />);
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closed');
  });
});

import { act, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'react-hot-toast';
import {
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_MS,
  ERROR_NOTICE_TITLE,
  RETURNING_NOTICE_MS,
  RETURNING_NOTICE_TITLE,
} from '../../testing/defaults';
import { notifyWithToast } from './lazy-notify';

afterEach(() => act(() => toast.remove()));

describe("notifyWithToast (the main entry's default notify)", () => {
  it('loads the notice entry on the first notice and shows every notice as a toast in the host Toaster', async () => {
    render(<Toaster />);
    act(() => {
      notifyWithToast({ kind: 'info', title: RETURNING_NOTICE_TITLE, durationMs: RETURNING_NOTICE_MS });
      notifyWithToast({ kind: 'error', title: ERROR_NOTICE_TITLE, description: ERROR_NOTICE_DESCRIPTION, durationMs: ERROR_NOTICE_MS });
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(`${ERROR_NOTICE_TITLE}${ERROR_NOTICE_DESCRIPTION}`);
    expect(screen.getByRole('status')).toHaveTextContent(RETURNING_NOTICE_TITLE);
  });
});

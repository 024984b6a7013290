import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_TITLE,
  RETURNING_NOTICE_TITLE,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_BACK_TITLE,
} from '../../testing/defaults';
import { ImpersonationNotice } from '../notice/impersonation-notice';

const meta = {
  title: 'Impersonation banner/Notices',
  component: ImpersonationNotice,
} satisfies Meta<typeof ImpersonationNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Returning: Story = { args: { kind: 'info', title: RETURNING_NOTICE_TITLE } };

export const WelcomeBack: Story = { args: { kind: 'success', title: WELCOME_BACK_TITLE, description: WELCOME_BACK_DESCRIPTION } };

export const Failed: Story = { args: { kind: 'error', title: ERROR_NOTICE_TITLE, description: ERROR_NOTICE_DESCRIPTION } };

import { createNotifier, type NewMail, type NewNotification, type NotificationSink } from './notifier';

const user = { id: 'user-1', email: 'user@example.com' };
const content = {
  kind: 'break_glass' as const,
  data: {
    admin: { id: 'a', email: 'admin@example.com' },
    reason: 'Fraud investigation, case 99-1234',
    impersonationId: 'i',
    expiresAt: '2026-11-23T11:00:00.000Z',
  },
};
const at = new Date('2026-11-23T10:00:00.000Z');

function sink(wantsEmail: boolean) {
  const notifications: NewNotification[] = [];
  const mails: NewMail[] = [];
  const target: NotificationSink = {
    addNotification: async (notification) => void notifications.push(notification),
    enqueueMail: async (mail) => void mails.push(mail),
    wantsEmail: async () => wantsEmail,
  };
  return { notifications, mails, target };
}

describe('notifier', () => {
  let counter = 0;
  const newId = () => `id-${++counter}`;

  it('queues an e-mail with the notification text, links and a stable message id when mail is set up and wanted', async () => {
    const { notifications, mails, target } = sink(true);
    await createNotifier({ newId, mail: { appUrl: 'https://viewas.example.com', messageIdDomain: 'viewas.example.com' } })(
      target,
      user,
      content,
      at,
    );
    expect(notifications).toEqual([{ id: expect.any(String), userId: 'user-1', content, createdAt: at }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      notificationId: notifications[0]?.id,
      to: 'user@example.com',
      subject: 'admin@example.com used emergency access to your account',
      createdAt: at,
    });
    expect(mails[0]?.messageId).toBe(`<${mails[0]?.id}@viewas.example.com>`);
    expect(mails[0]?.text).toContain('Reason given: Fraud investigation, case 99-1234');
    expect(mails[0]?.text).toContain('https://viewas.example.com/account/settings');
  });

  it('keeps the notification in the app only when the user turned e-mails off', async () => {
    const { notifications, mails, target } = sink(false);
    await createNotifier({ newId, mail: { appUrl: 'https://viewas.example.com', messageIdDomain: 'viewas.example.com' } })(
      target,
      user,
      content,
      at,
    );
    expect(notifications).toHaveLength(1);
    expect(mails).toEqual([]);
  });

  it('keeps the notification in the app only when no mail server is configured', async () => {
    const { notifications, mails, target } = sink(true);
    await createNotifier({ newId, mail: null })(target, user, content, at);
    expect(notifications).toHaveLength(1);
    expect(mails).toEqual([]);
  });
});

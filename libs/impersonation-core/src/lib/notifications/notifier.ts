import { describeNotification, type NotificationContent } from './notification';

export interface NewNotification {
  id: string;
  userId: string;
  content: NotificationContent;
  createdAt: Date;
}

export interface NewMail {
  id: string;
  notificationId: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  createdAt: Date;
}

/** Where notifications and queued e-mails are written: inside the caller's transaction. */
export interface NotificationSink {
  addNotification(notification: NewNotification): Promise<void>;
  enqueueMail(mail: NewMail): Promise<void>;
  /** The user's own choice; `false` once they turned e-mails off. */
  wantsEmail(userId: string): Promise<boolean>;
}

export interface NotifierOptions {
  newId: () => string;
  /** `null` when no mail server is configured: notifications stay in the app. */
  mail: { appUrl: string; messageIdDomain: string } | null;
}

export type Notify = (
  sink: NotificationSink,
  recipient: { id: string; email: string },
  content: NotificationContent,
  at: Date,
) => Promise<void>;

/** The in-app notification row `notify` writes: also what a store writes beside the change that caused it. */
export function newNotification(newId: () => string, recipient: { id: string }, content: NotificationContent, at: Date): NewNotification {
  return { id: newId(), userId: recipient.id, content, createdAt: at };
}

/**
 * Tells a user something: always in the app, and by e-mail too when mail is set up and the user has
 * not turned e-mails off. The e-mail is only queued here, in the same transaction as the event, so it
 * is sent if and only if the event happened.
 */
export function createNotifier({ newId, mail }: NotifierOptions): Notify {
  return async (sink, recipient, content, at) => {
    const notification = newNotification(newId, recipient, content, at);
    const { id } = notification;
    await sink.addNotification(notification);
    if (!mail || !(await sink.wantsEmail(recipient.id))) return;
    const { title, text } = describeNotification(content);
    const mailId = newId();
    await sink.enqueueMail({
      id: mailId,
      notificationId: id,
      to: recipient.email,
      subject: title,
      text: `${text}\n\nYour notifications: ${mail.appUrl}/account/notifications\nTo stop these e-mails, turn them off in your account settings: ${mail.appUrl}/account/settings\n`,
      messageId: `<${mailId}@${mail.messageIdDomain}>`,
      createdAt: at,
    });
  };
}

import { randomUUID } from 'node:crypto';
import type { EmulatorClock } from '../clock.js';
import type { MailMessage } from './records.js';

export const MAIL_FROM = 'no-reply@emulator.invalid';

/** The e-mail the service sends, kept per recipient so that tests and agents can read it. */
export class Mailbox {
  readonly #messages = new Map<string, MailMessage[]>();

  constructor(private readonly clock: EmulatorClock) {}

  send(message: Omit<MailMessage, 'id' | 'sentAt' | 'from'>): MailMessage {
    const to = message.to.trim().toLowerCase();
    const sent: MailMessage = {
      ...message,
      to,
      id: randomUUID(),
      from: MAIL_FROM,
      sentAt: new Date(this.clock.now()).toISOString(),
    };
    const inbox = this.#messages.get(to) ?? [];
    inbox.push(sent);
    this.#messages.set(to, inbox);
    return sent;
  }

  /** Messages sent to `email`, oldest first (copies). */
  read(email: string): MailMessage[] {
    return [...(this.#messages.get(email.trim().toLowerCase()) ?? [])];
  }
}

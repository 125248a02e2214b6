import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The unsubscribe page of the message's kind, also sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
}

const SEND_TIMEOUT_MS = 20_000;

/**
 * Email through the house's SMTP server (SMTP_URL). Without one, email is off:
 * `enabled` is false and nothing may be sent.
 */
export class Mailer {
  private transport: Transporter | null = null;

  constructor(
    private readonly settings: { smtpUrl: string; from: string } | null,
    /** Told of each email the SMTP server took or refused (the metrics count them). */
    private readonly observe: (result: 'sent' | 'failed') => void = () => undefined,
  ) {}

  get enabled(): boolean {
    return this.settings !== null;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.settings) throw new Error('Email is off: SMTP_URL is not set');
    // Loaded on the first mail: many houses never set SMTP_URL.
    const { default: nodemailer } = await import('nodemailer');
    this.transport ??= nodemailer.createTransport({
      url: this.settings.smtpUrl,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    });
    try {
      await this.sendWith(this.transport, this.settings.from, message);
      this.observe('sent');
    } catch (error) {
      this.observe('failed');
      throw error;
    }
  }

  private async sendWith(transport: Transporter, from: string, message: MailMessage): Promise<void> {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      ...(message.unsubscribeUrl ? { list: { unsubscribe: { url: message.unsubscribeUrl, comment: 'Unsubscribe' } } } : {}),
    });
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}

/** A file sent with a message; with `cid`, the HTML shows it inline as `<img src="cid:…">`. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

/** A message to queue in the outbox: every text in the recipient's language, every attachment's bytes at hand. */
export type QueuedMailMessage = MailMessage;

/** A message ready to send: every text already in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent by SMTP (nodemailer); the dev mailbox inlines those with a `cid` into its stored HTML. */
  attachments?: MailAttachment[];
  /** `<id@domain>`: the same on every try of one email (the outbox's), so a receiver can tell a repeat. */
  messageId?: string;
}

/** Sends mail: SMTP in production, the dev mailbox on a fresh machine. */
export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

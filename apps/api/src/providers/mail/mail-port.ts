/** A file sent with a message; with `cid`, the HTML shows it inline as `<img src="cid:…">`. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

/**
 * An attachment drawn when the email is sent: a QR code of this text (PNG). Rendering costs CPU (about 15 ms a code),
 * so the outbox keeps the text and the sender draws it, outside the transaction that decided the email.
 */
export interface QrAttachment {
  filename: string;
  contentType: "image/png";
  cid?: string;
  qrCodeOf: string;
}

/** A message to queue in the outbox: as a MailMessage, but its QR codes may be drawn at send time. */
export interface QueuedMailMessage extends Omit<MailMessage, "attachments"> {
  attachments?: (MailAttachment | QrAttachment)[];
}

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

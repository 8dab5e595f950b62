/** A message ready to send: every text already in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail: SMTP in production, the dev mailbox on a fresh machine. */
export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

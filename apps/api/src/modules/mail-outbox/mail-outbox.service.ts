import type { DbOrTx } from "../../db/client.ts";
import { addJob, type JobHandlers, readPayload } from "../../lib/job-queue.ts";
import type { MailAttachment, QueuedMailMessage } from "../../providers/mail/mail-port.ts";
import {
  deleteEmailsTo,
  dropGivenUpEmailContent,
  findOutboxEmail,
  insertOutboxEmail,
  markOutboxSent,
  recordOutboxAttempt,
  recordOutboxFailure,
} from "./mail-outbox.repo.ts";
import type { OutboxAttachment } from "./mail-outbox.schema.ts";

// The email outbox (decision 027): an email a state change decides is written in that change's transaction, then sent by
// the worker once the transaction committed. Marked sent only after the SMTP server accepted it; a failure is retried
// with graphile-worker's exponential backoff; every try carries the same Message-ID.

export const SEND_EMAIL_TASK = "send-email";
/** A given-up email's content is kept this long for the operator to see what failed, then dropped (decision 059). */
export const GIVEN_UP_EMAIL_KEPT_DAYS = 7;
/** Tries over about a day and a half (graphile-worker waits exp(attempt) seconds between them). */
export const SEND_EMAIL_MAX_ATTEMPTS = 12;

/** The host part of our Message-IDs. */
function messageIdDomain(publicUrl: string): string {
  return new URL(publicUrl).hostname || "esim.localhost";
}

/**
 * Queues an email in the caller's transaction, once per key (a second call with the same key changes nothing), with
 * its sending job. Answers whether it was queued now.
 */
export async function queueEmail(
  tx: DbOrTx,
  options: { key: string; message: QueuedMailMessage; orderId?: string | null; publicUrl: string },
): Promise<boolean> {
  const { message } = options;
  const id = crypto.randomUUID();
  const row = await insertOutboxEmail(tx, {
    id,
    key: options.key,
    messageId: `<${id}@${messageIdDomain(options.publicUrl)}>`,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: attachment.content.toString("base64"),
      ...(attachment.cid ? { cid: attachment.cid } : {}),
    })),
    orderId: options.orderId ?? null,
  });
  if (!row) return false;
  await addJob(tx, {
    task: SEND_EMAIL_TASK,
    payload: { emailId: row.id },
    key: `email:${row.id}`,
    maxAttempts: SEND_EMAIL_MAX_ATTEMPTS,
  });
  return true;
}

/** A kept attachment as the mailer takes it: its bytes. */
function toMailAttachment(attachment: OutboxAttachment): MailAttachment {
  const content = Buffer.from(attachment.contentBase64, "base64");
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    content,
    ...(attachment.cid ? { cid: attachment.cid } : {}),
  };
}

export const mailOutboxJobs: JobHandlers = {
  /**
   * Sends one queued email and marks it sent. A crash between the SMTP server's acceptance and the mark sends it again
   * with the same Message-ID (at least once); one already sent or given up is left alone.
   */
  async [SEND_EMAIL_TASK](payload, { deps, log, attempt, maxAttempts }) {
    const { emailId } = readPayload(payload, ["emailId"]);
    const email = await findOutboxEmail(deps.db, emailId);
    // Content is dropped only from emails sent or given up: a queued one always has it.
    if (email?.status !== "queued" || email.text === null || email.html === null) return;
    await recordOutboxAttempt(deps.db, email.id);
    try {
      await deps.mailer.send({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        attachments: email.attachments.map(toMailAttachment),
      });
    } catch (error) {
      const isFinal = attempt >= maxAttempts;
      await recordOutboxFailure(deps.db, email.id, {
        error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        isFinal,
      });
      if (isFinal) log.error({ emailId, key: email.key, err: error }, "email not sent after every try: given up");
      throw error;
    }
    await markOutboxSent(deps.db, email.id, deps.now());
    log.info({ emailId, key: email.key, orderId: email.orderId }, "email sent");
  },
};

/** Drops the content of emails given up over GIVEN_UP_EMAIL_KEPT_DAYS ago. Idempotent (a sweep). */
export async function dropOldEmailContent(db: DbOrTx, now: Date): Promise<void> {
  await dropGivenUpEmailContent(db, new Date(now.getTime() - GIVEN_UP_EMAIL_KEPT_DAYS * 24 * 60 * 60 * 1000));
}

/** Forgets every email to an address being deleted, in the deletion's transaction: a queued one is never sent. */
export async function forgetEmailsTo(tx: DbOrTx, email: string): Promise<void> {
  await deleteEmailsTo(tx, email);
}

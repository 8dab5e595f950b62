// The email outbox: emails decided in a transaction, sent after it commits.
export { listOrderEmails } from "./mail-outbox.repo.ts";
export { dropOldEmailContent, forgetEmailsTo, mailOutboxJobs, queueEmail } from "./mail-outbox.service.ts";

// The email outbox: emails decided in a transaction, sent after it commits.
export { measureOutbox } from "./mail-outbox.repo.ts";
export { listEmailsOfOrder, mailOutboxJobs, queueEmail } from "./mail-outbox.service.ts";

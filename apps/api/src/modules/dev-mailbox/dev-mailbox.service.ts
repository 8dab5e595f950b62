import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { isUuid } from "../../lib/uuid.ts";
import {
  type DevMailRow,
  findDevMail,
  listDevMails,
  listRecordedPushes,
  type RecordedPushRow,
} from "./dev-mailbox.repo.ts";

const MAILBOX_SIZE = 200;

/** The latest messages kept by the dev mailbox, newest first. */
export async function listMailbox(deps: AppDeps): Promise<DevMailRow[]> {
  return listDevMails(deps.db, MAILBOX_SIZE);
}

/** One kept message; NOT_FOUND for an unknown or malformed id. */
export async function readMail(deps: AppDeps, options: { id: string }): Promise<DevMailRow> {
  const mail = isUuid(options.id) ? await findDevMail(deps.db, options.id) : undefined;
  if (!mail) throw new AppError("NOT_FOUND", { message: "No such message in the dev mailbox." });
  return mail;
}

/** The latest pushes the push recorder kept instead of sending (a platform without credentials), newest first. */
export async function listPushes(deps: AppDeps): Promise<RecordedPushRow[]> {
  return listRecordedPushes(deps.db, MAILBOX_SIZE);
}

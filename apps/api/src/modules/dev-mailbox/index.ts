// The dev mailbox (/dev/mailbox): the emails and pushes kept instead of sent on a machine without SMTP.
export { devMailboxRoutes } from "./dev-mailbox.routes.ts";

// Sign-in: emailed codes, sessions, registration, and the end of an account.
export type { CodePurpose } from "./auth.repo.ts";
export { authRoutes } from "./auth.routes.ts";
export {
  type CodeMailLog,
  checkEmailedCode,
  claimCheckedCode,
  codeExpired,
  codeMailsSent,
  sendEmailedCode,
} from "./emailed-codes.ts";
export { deleteSessionById } from "./sessions.repo.ts";
export { deleteExpiredSignInRows, resolveSession } from "./sessions.service.ts";

import { deleteAccount as deleteAccountEndpoint } from "@esim/shared/account/contracts";
import { getMe, logout, requestCode, verifyCode } from "@esim/shared/auth/contracts";
import { register } from "@esim/shared/auth/register-contract";
import { acceptLanguageTags, firstSupportedLanguage } from "@esim/shared/locale";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentMe } from "../account/index.ts";
import { deleteAccount } from "./account-deletion.service.ts";
import { registerAndSendCode, requestSignInCode, signOut, verifySignInCode } from "./auth.service.ts";
import { codeMailsSent } from "./emailed-codes.ts";

const tags = ["auth"];

export async function authRoutes(app: FastifyInstance) {
  // Code emails go out after their answer: a closing server lets those on their way leave first.
  app.addHook("onClose", () => codeMailsSent());

  addRoute(
    app,
    register,
    async ({ body, request }) => ({
      data: await registerAndSendCode(app.deps, { registration: body, clientAddress: request.ip, log: request.log }),
    }),
    { tags, summary: "Keep the sign-up details and email a sign-in code" },
  );

  addRoute(
    app,
    requestCode,
    async ({ body, request }) => ({
      data: await requestSignInCode(app.deps, {
        email: body.email,
        language: body.language,
        browserLanguage: firstSupportedLanguage(acceptLanguageTags(request.headers["accept-language"])),
        clientAddress: request.ip,
        log: request.log,
      }),
    }),
    { tags, summary: "Email a sign-in code" },
  );

  addRoute(
    app,
    verifyCode,
    async ({ body, request }) => ({
      data: await verifySignInCode(app.deps, {
        email: body.email,
        code: body.code,
        clientAddress: request.ip,
        userAgent: request.headers["user-agent"],
      }),
    }),
    { tags, summary: "Exchange the emailed code for a session token" },
  );

  addRoute(
    app,
    logout,
    async ({ body, user }) =>
      signOut(app.deps, { tokenHash: user.tokenHash, userId: user.id, deviceId: body?.deviceId }),
    { tags, summary: "End this session (and stop pushes to the named device)" },
  );

  addRoute(app, getMe, async ({ user }) => presentMe(user), { tags, summary: "The signed-in user" });

  addRoute(
    app,
    deleteAccountEndpoint,
    async ({ body, user }) => deleteAccount(app.deps, { user, confirmation: body.confirmation }),
    { tags: ["account"], summary: "Delete the account after typing DELETE" },
  );
}

import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createSmtpMailer } from "../../providers/mail/smtp-mailer.ts";
import { uniqueAddress, uniqueEmail } from "../../test/factories.ts";
import { PRODUCTION_SETTINGS } from "../../test/production-settings.ts";
import { createTestApp } from "../../test/test-app.ts";

const testApp = await createTestApp();
const { app, clock } = testApp;

async function sendCodeTo(email: string, language?: string) {
  clock.advance(61 * 1000);
  const response = await app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/auth/code`,
    payload: { email, ...(language ? { language } : {}) },
    remoteAddress: uniqueAddress(),
  });
  expect(response.statusCode).toBe(200);
  // The code's email goes after the answer: wait until it is in the mailbox.
  await testApp.mails();
}

describe("GET /dev/mailbox.json", () => {
  it("lists the kept messages newest first with to, subject, text, html and sentAt", async () => {
    const older = uniqueEmail("older");
    const newer = uniqueEmail("newer");
    await sendCodeTo(older);
    await sendCodeTo(newer, "en");

    const response = await app.inject({ method: "GET", url: "/dev/mailbox.json" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const [first, second] = response.json() as {
      to: string;
      subject: string;
      text: string;
      html: string;
      sentAt: string;
    }[];
    expect(first).toMatchObject({ to: newer, subject: "Your sign-in code" });
    expect(second).toMatchObject({ to: older, subject: "Votre code de connexion" });
    expect(first!.text).toMatch(/\d{6}/);
    expect(first!.html).toContain("<bdi");
    expect(new Date(first!.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(second!.sentAt).getTime());
  });
});

describe("GET /dev/mailbox", () => {
  it("shows a readable page without scripts, escaping what the messages contain", async () => {
    const email = uniqueEmail("page");
    await sendCodeTo(email);

    const response = await app.inject({ method: "GET", url: "/dev/mailbox" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain(email);
    expect(response.body).toContain("Votre code de connexion");
    expect(response.body).toContain("L&#39;équipe eSIM Store");
    expect(response.body).not.toContain("<script");
    expect(response.body).toMatch(/href="\/dev\/mailbox\/[0-9a-f-]{36}"/);
  });
});

describe("GET /dev/mailbox/:id", () => {
  it("answers NOT_FOUND for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await app.inject({ method: "GET", url: `/dev/mailbox/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("shows the HTML of one message", async () => {
    const email = uniqueEmail("single");
    await sendCodeTo(email, "ar");
    const [mail] = await testApp.mails();

    const response = await app.inject({ method: "GET", url: `/dev/mailbox/${mail!.id}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toBe(mail!.html);
    expect(response.body).toContain('dir="rtl"');
  });
});

describe("GET /dev/pushes.json and the pushes on /dev/mailbox", () => {
  it("lists the pushes the recorder kept, newest first, escaped on the page", async () => {
    const esimId = "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10";
    await testApp.deps.push.send({
      platform: "android",
      token: "fcm-token-1",
      title: "80 % des données <b>utilisées</b>",
      body: "Il vous reste 1 Go.",
      data: { type: "esim_usage", esimId },
    });
    clock.advance(1000);
    await testApp.deps.push.send({
      platform: "ios",
      token: "a".repeat(64),
      title: "Votre eSIM expire demain",
      body: "Rechargez-la.",
      data: { type: "esim_expiry", esimId },
    });

    const json = await app.inject({ method: "GET", url: "/dev/pushes.json" });
    expect(json.headers["cache-control"]).toBe("no-store");
    expect(json.json()).toEqual([
      expect.objectContaining({
        platform: "ios",
        title: "Votre eSIM expire demain",
        data: { type: "esim_expiry", esimId },
      }),
      expect.objectContaining({ platform: "android", token: "fcm-token-1", body: "Il vous reste 1 Go." }),
    ]);

    const page = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.body).toContain("Push notifications");
    expect(page.body).toContain("80 % des données &lt;b&gt;utilisées&lt;/b&gt;");
    expect(page.body).toContain("fcm-token-1");
  });
});

describe("dev mailbox mounting", () => {
  it("is absent in production, even with the dev mailbox as mailer", async () => {
    const production = await createTestApp({
      config: { ...PRODUCTION_SETTINGS, SMTP_URL: "smtp://127.0.0.1:9" },
    });
    for (const url of ["/dev/mailbox", "/dev/mailbox.json", "/dev/pushes.json"]) {
      expect((await production.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it("is absent when mail goes over SMTP", async () => {
    const withSmtp = await createTestApp({
      mailer: () => createSmtpMailer({ url: "smtp://127.0.0.1:9", from: "no-reply@esim.test" }),
    });
    expect((await withSmtp.app.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(404);
  });
});

import type { AddressInfo } from "node:net";
import { requestCode } from "@esim/shared/auth/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { createUser, uniqueEmail } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random loopback port that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes a MIME part: nodemailer sends UTF-8 text as quoted-printable or base64. */
function decodePart(raw: string, contentType: string): string {
  // Split on the message's own boundary: a line of a part may start with "--" too (an HTML comment's end).
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error("not a multipart message");
  const parts = raw.split(`\r\n--${boundary}`).map((part) => part.replace(/^(--)?\r\n/, ""));
  const part = parts.find((candidate) => candidate.toLowerCase().includes(`content-type: ${contentType}`));
  if (!part) throw new Error(`no ${contentType} part`);
  const [head = "", ...bodyLines] = part.split("\r\n\r\n");
  const body = bodyLines.join("\r\n");
  if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s/g, ""), "base64").toString();
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** Decodes the Subject header: nodemailer sends non-ASCII text as RFC 2047 encoded words. */
function decodeSubject(raw: string): string {
  const header = (/^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "").replace(/\r\n[ \t]/g, " ");
  const words = [...header.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)];
  if (words.length === 0) return header;
  // Concatenate the bytes first: an encoded word may end inside a multi-byte character.
  const bytes = words.map(([, encoding, text = ""]) =>
    encoding?.toUpperCase() === "B"
      ? Buffer.from(text, "base64")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ),
  );
  return Buffer.concat(bytes).toString("utf8");
}

const smtp = await startSmtpServer();
const testApp = await createTestApp({
  mailer: () => createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: "eSIM Store <no-reply@esim.test>" }),
});
afterAll(() => smtp.close());

describe("SMTP mailer", () => {
  it("delivers the sign-in code to a real SMTP server in the user's language", async () => {
    const user = await createUser(testApp, { email: uniqueEmail("smtp-ar"), language: "ar" });

    const response = await testApp.app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/code`,
      payload: { email: user.email },
    });

    expect(response.statusCode).toBe(200);
    requestCode.response.parse(response.json());
    // The email goes after the answer.
    await testApp.mails();
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual([user.email]);
    expect(message!.from).toBe("no-reply@esim.test");
    expect(decodeSubject(message!.raw)).toBe("رمز تسجيل الدخول الخاص بك");
    const text = decodePart(message!.raw, "text/plain");
    const html = decodePart(message!.raw, "text/html");
    const code = /\d{6}/.exec(text)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(`<bdi dir="ltr">${code}</bdi>`);
  });

  it("keeps no code when the SMTP server refuses the message, the answer sent before as for any request", async () => {
    const refusing = await createTestApp({
      mailer: () => createSmtpMailer({ url: "smtp://127.0.0.1:9", from: "eSIM Store <no-reply@esim.test>" }),
    });
    const email = uniqueEmail("smtp-down");

    const response = await refusing.app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/code`,
      payload: { email },
    });

    expect(response.statusCode).toBe(200);
    await refusing.mails();
    const codes = await refusing.db.query.signInCodes.findMany({ where: (table, { eq }) => eq(table.email, email) });
    expect(codes).toEqual([]);
  });
});

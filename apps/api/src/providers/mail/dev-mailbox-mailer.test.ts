import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database.ts";
import { devMails } from "../providers.schema.ts";
import { createDevMailboxMailer } from "./dev-mailbox-mailer.ts";

const database = await createTestDatabase();

describe("the dev mailbox mailer", () => {
  it("keeps inline images visible by turning cid: references into data URLs", async () => {
    const mailer = createDevMailboxMailer(database.db);
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    await mailer.send({
      to: "amina@example.dz",
      subject: "Votre eSIM",
      text: "QR",
      html: '<img src="cid:qr-1" alt="QR">',
      attachments: [{ filename: "qr.png", content: png, contentType: "image/png", cid: "qr-1" }],
    });
    const [stored] = await database.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(1);
    expect(stored?.html).toBe(`<img src="data:image/png;base64,${png.toString("base64")}" alt="QR">`);
    await database.close();
  });
});

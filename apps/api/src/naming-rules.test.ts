import { describe, expect, it } from "vitest";
import { checkApiNames, checkNames } from "./naming-rules.ts";

const RENDERING = 'import { codeEmail, renderEmail } from "@esim/ui/emails";\n';

describe("the naming check", () => {
  it("accepts a mail file named <subject>.mails.ts and files that do not render mail", () => {
    expect(
      checkNames([
        { path: "modules/orders/install.mails.ts", text: RENDERING },
        { path: "modules/orders/operator-alert.ts", text: 'import { queueEmail } from "../mail-outbox/index.ts";' },
        { path: "modules/esims/iccid-text.ts", text: 'import { iccidText } from "@esim/ui/emails";' },
        { path: "modules/console-orders/console-orders.routes.ts", text: "" },
      ]),
    ).toEqual([]);
  });

  it("refuses a file that renders a mail under another name", () => {
    expect(checkNames([{ path: "modules/orders/install-delivery.ts", text: RENDERING }])).toEqual([
      "modules/orders/install-delivery.ts: renders a mail, so it is named <subject>.mails.ts",
    ]);
  });

  it("refuses the old mail endings, tests included", () => {
    const names = [
      "a/b-email.ts",
      "a/b-emails.ts",
      "a/b-message.ts",
      "a/b-messages.ts",
      "a/b-notice.ts",
      "a/b-email.test.ts",
    ];
    expect(checkNames(names.map((path) => ({ path, text: "" })))).toHaveLength(names.length);
  });

  it("refuses admin and ops as the console's name for a module, folder or file", () => {
    const paths = ["modules/orders-admin/index.ts", "ops/cli.ts", "modules/orders/orders-ops.service.ts"];
    expect(checkNames(paths.map((path) => ({ path, text: "" })))).toHaveLength(paths.length);
  });

  it("finds nothing to refuse in the API's source", async () => {
    expect(await checkApiNames()).toEqual([]);
  });
});

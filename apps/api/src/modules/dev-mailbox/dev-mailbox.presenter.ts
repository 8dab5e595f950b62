import { escapeHtml } from "../../lib/html.ts";
import type { DevMailRow, RecordedPushRow } from "./dev-mailbox.repo.ts";

/** The wire shape of /dev/mailbox.json, which browser journeys read codes from. */
export function presentMailJson(mails: DevMailRow[]) {
  return mails.map((mail) => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    sentAt: mail.createdAt.toISOString(),
  }));
}

/** The wire shape of /dev/pushes.json. */
export function presentPushJson(pushes: RecordedPushRow[]) {
  return pushes.map((push) => ({
    id: push.id,
    platform: push.platform,
    token: push.token,
    title: push.title,
    body: push.body,
    data: push.data,
    sentAt: push.createdAt.toISOString(),
  }));
}

/**
 * A plain page listing the messages: no script (the CSP forbids inline ones) and every
 * value escaped, since message texts come from user input such as names.
 */
export function presentMailboxPage(mails: DevMailRow[], pushes: RecordedPushRow[] = []): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd><bdi>${escapeHtml(mail.to)}</bdi></dd>
<dt>Sent at</dt><dd><time datetime="${mail.createdAt.toISOString()}">${mail.createdAt.toISOString()}</time></dd>
</dl>
<pre dir="auto">${escapeHtml(mail.text)}</pre>
<p><a href="/dev/mailbox/${mail.id}">View the HTML version</a></p>
</article>`,
    )
    .join("\n");
  const pushItems = pushes
    .map(
      (push) => `<article>
<h3 dir="auto">${escapeHtml(push.title)}</h3>
<p dir="auto">${escapeHtml(push.body)}</p>
<dl>
<dt>To</dt><dd>${escapeHtml(push.platform)} <bdi><code>${escapeHtml(push.token)}</code></bdi></dd>
<dt>Data</dt><dd><code>${escapeHtml(JSON.stringify(push.data))}</code></dd>
<dt>Sent at</dt><dd><time datetime="${push.createdAt.toISOString()}">${push.createdAt.toISOString()}</time></dd>
</dl>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #111827; }
article { border: 1px solid #d1d5db; border-radius: 8px; padding: 1rem; margin-block: 1rem; }
h2, h3 { font-size: 1.1rem; margin: 0 0 .5rem; }
code { overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
pre { white-space: pre-wrap; background: #f3f4f6; padding: .75rem; border-radius: 6px; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Messages the API would have emailed, newest first. Only on development machines; production sends over SMTP.
Also as <a href="/dev/mailbox.json">JSON</a>.</p>
${mails.length === 0 ? "<p>No messages yet.</p>" : items}
<h2 id="pushes">Push notifications</h2>
<p>Pushes recorded instead of sent to phones (no FCM or APNs credentials). Also as <a href="/dev/pushes.json">JSON</a>.</p>
${pushes.length === 0 ? "<p>No pushes yet.</p>" : pushItems}
</body>
</html>
`;
}

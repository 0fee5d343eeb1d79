/**
 * The harness every account test uses: a real app whose mail goes to an in-process SMTP trap, a clock the
 * test can move, and "browsers" (a cookie jar and an IP address each) that send every request through one
 * wrapper. The wrapper fails the test if any answer (body or headers) carries an OTP the trap has seen or an
 * argon2 hash, checked at once and again after each test, when every mail has arrived.
 */
import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type MailTrap, startMailTrap } from "./mail-trap";
import { createTestApp, type TestAppOptions } from "./test-app";
import { createTestClock, type TestClock } from "./test-clock";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface NewAccount {
  name: string;
  email: string;
  mobile: string;
  username: string;
  password: string;
}

/** A string no other test, file or earlier run uses (Redis counters outlive a run). */
export function unique(prefix = "u"): string {
  return `${prefix}${randomBytes(5).toString("hex")}`;
}

/** A random private address, so per-IP counters never meet another test's. */
export function randomIp(): string {
  const octet = () => 1 + ((randomBytes(1)[0] as number) % 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const username = unique("trader_");
  return {
    name: "Asha Rao",
    email: `${username}@example.in`,
    mobile: "9876543210",
    username,
    password: `Kx9!${randomBytes(6).toString("hex")}`,
    ...overrides,
  };
}

const ARGON2 = "$argon2";

export function secretsIn(res: LightMyRequestResponse, otps: Iterable<string>): string[] {
  const { date: _date, ...headers } = res.headers;
  const text = `${res.body}\n${JSON.stringify(headers)}`;
  const found: string[] = [];
  if (text.includes(ARGON2)) found.push("an argon2 hash");
  for (const otp of otps) {
    if (new RegExp(`(?<!\\d)${otp}(?!\\d)`).test(text)) found.push(`the OTP ${otp}`);
  }
  return found;
}

interface Cookie {
  value: string;
  path: string;
}

export class Browser {
  readonly cookies = new Map<string, Cookie>();

  constructor(
    private readonly harness: AccountsHarness,
    readonly ip: string,
  ) {}

  /** The Cookie header a browser would send to `url` (cookies whose Path covers it). */
  cookieHeader(url = "/"): string {
    const path = url.split("?", 1)[0] ?? "/";
    return [...this.cookies]
      .filter(
        ([, cookie]) =>
          path === cookie.path ||
          path.startsWith(`${cookie.path.replace(/\/$/, "")}/`) ||
          cookie.path === "/",
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  async request(
    method: Method,
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader(url);
    const res = await this.harness.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.harness.t.config.publicOrigin,
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
    });
    for (const set of res.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() <= Date.now());
      if (expired || set.value === "") this.cookies.delete(set.name);
      else this.cookies.set(set.name, { value: set.value, path: set.path ?? "/" });
    }
    return res;
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request("POST", url, { payload: payload ?? {}, ...(headers ? { headers } : {}) });
  }

  get(url: string) {
    return this.request("GET", url);
  }

  put(url: string, payload: unknown, headers?: Record<string, string>) {
    return this.request("PUT", url, { payload, ...(headers ? { headers } : {}) });
  }

  delete(url: string) {
    return this.request("DELETE", url);
  }

  /** Registers and verifies with the OTP from the mail. */
  async signUp(account: NewAccount = newAccount()): Promise<NewAccount> {
    const { password, ...rest } = account;
    const registered = await this.post("/api/auth/register", { ...rest, password });
    if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
    const otp = await this.harness.trap.latestOtpFor(account.email);
    const verified = await this.post("/api/auth/verify-otp", { username: account.username, otp });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    return account;
  }

  async login(account: Pick<NewAccount, "username" | "password">) {
    const res = await this.post("/api/auth/login", {
      username: account.username,
      password: account.password,
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res;
  }
}

export interface AccountsHarness {
  t: TestApp;
  trap: MailTrap;
  clock: TestClock;
  browser(ip?: string): Browser;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Registers the hooks that start and stop the app and the mail trap around a describe block (or file), and
 * the leak check after each test. The returned object is filled in by beforeAll.
 */
export function useAccountsApp(options: TestAppOptions = {}): AccountsHarness {
  let answers: LightMyRequestResponse[] = [];
  const clock = createTestClock();
  const harness = {
    clock,
    browser(ip = randomIp()) {
      return new Browser(harness, ip);
    },
    async inject(request: InjectOptions) {
      const res = await harness.t.app.inject(request);
      answers.push(res);
      const leaked = secretsIn(res, harness.trap.seenOtps);
      if (leaked.length > 0) {
        throw new Error(`${request.method} ${request.url} answered ${leaked.join(" and ")}`);
      }
      return res;
    },
  } as AccountsHarness;

  beforeAll(async () => {
    harness.trap = await startMailTrap();
    harness.t = await createTestApp({
      clock: clock.now,
      ...options,
      env: { SMTP_URL: harness.trap.url, ...options.env },
    });
  });
  afterEach(async () => {
    clock.reset();
    // Mail goes out in the background: let it land, then look at every answer again with every code.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const checked = answers;
    answers = [];
    for (const res of checked) {
      const leaked = secretsIn(res, harness.trap.seenOtps);
      if (leaked.length > 0) throw new Error(`an answer carried ${leaked.join(" and ")}`);
    }
  });
  afterAll(async () => {
    await harness.t?.close();
    await harness.trap?.close();
  });
  return harness;
}

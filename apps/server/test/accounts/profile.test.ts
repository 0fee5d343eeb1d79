import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { PROFILE_IMAGE_MAX_BYTES } from "@kalpa/contracts/api/auth";
import { ACCESS_MESSAGES, AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../src/db/schema";
import { type Browser, newAccount, useAccountsApp } from "../helpers/accounts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 64) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - 8, 7)]);
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const webp = () =>
  Buffer.concat([
    Buffer.from("RIFF"),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from("WEBPVP8 "),
    Buffer.alloc(40),
  ]);

async function signedIn(b: Browser) {
  const account = await b.signUp();
  await b.login(account);
  return account;
}

function upload(b: Browser, bytes: Buffer, contentType: string) {
  return b.request("PUT", "/api/profile/image", {
    payload: bytes,
    headers: { "content-type": contentType },
  });
}

describe("the profile", () => {
  const h = useAccountsApp();

  it("needs a session for every route", async () => {
    const b = h.browser();
    const calls = [
      b.get("/api/profile"),
      b.put("/api/profile", { name: "X" }),
      b.put("/api/profile/password", {
        currentPassword: "a",
        newPassword: "b",
        confirmPassword: "b",
      }),
      b.get("/api/profile/image"),
      upload(b, png(), "image/png"),
      b.delete("/api/profile/image"),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: ACCESS_MESSAGES.pleaseLogin,
        code: "UNAUTHORIZED",
      });
    }
  });

  it("shows name, username, e-mail, mobile and image, and nothing else", async () => {
    const b = h.browser();
    const account = await signedIn(b);
    const res = await b.get("/api/profile");
    expect(res.json()).toEqual({
      success: true,
      data: {
        name: account.name,
        username: account.username,
        email: account.email,
        mobile: account.mobile,
        profileImage: null,
      },
    });
  });

  it("changes the name or the mobile number, one at a time", async () => {
    const b = h.browser();
    await signedIn(b);
    const named = await b.put("/api/profile", { name: "  Asha R. Rao " });
    expect(named.statusCode).toBe(200);
    expect(named.json().message).toBe(ACCOUNT_MESSAGES.profileUpdated);
    expect(named.json().data.user.name).toBe("Asha R. Rao");
    const mobile = await b.put("/api/profile", { mobile: "9123456780" });
    expect(mobile.json().data.user).toMatchObject({ name: "Asha R. Rao", mobile: "9123456780" });
    expect((await b.get("/api/profile")).json().data).toMatchObject({
      name: "Asha R. Rao",
      mobile: "9123456780",
    });
  });

  it("refuses two fields, a read-only field, or a bad value", async () => {
    const b = h.browser();
    const account = await signedIn(b);
    const cases: Array<[unknown, string]> = [
      [{ name: "A", mobile: "9123456780" }, ACCOUNT_MESSAGES.profileOneField],
      [{ username: "someone_else" }, ACCOUNT_MESSAGES.profileOneField],
      [{ email: "x@example.in" }, ACCOUNT_MESSAGES.profileOneField],
      [{}, ACCOUNT_MESSAGES.profileOneField],
      [{ mobile: "12345" }, VALIDATION_MESSAGES.invalidMobile],
      [{ name: "  " }, ACCOUNT_MESSAGES.required],
    ];
    for (const [body, message] of cases) {
      const res = await b.put("/api/profile", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await b.get("/api/profile")).json().data.username).toBe(account.username);
  });
});

describe("changing the password", () => {
  const h = useAccountsApp({ env: { SINGLE_SESSION: "false" } });

  it("keeps this session, ends the others, and takes the new password", async () => {
    const b = h.browser();
    const other = h.browser();
    const account = await signedIn(b);
    await other.login(account);
    const newPassword = "Brand-New-Pass-7";
    const res = await b.put("/api/profile/password", {
      currentPassword: account.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordUpdated });
    expect((await b.get("/api/auth/me")).statusCode).toBe(200);
    expect((await other.get("/api/auth/me")).statusCode).toBe(401);
    expect((await h.browser().post("/api/auth/login", account)).statusCode).toBe(401);
    await h.browser().login({ username: account.username, password: newPassword });
    const userId = (await b.get("/api/auth/me")).json().data.user.id;
    const audit = await h.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`));
    expect(audit.find((entry) => entry.action === "user.password_changed")?.actor).toBe(userId);
  });

  it("refuses a wrong current password, the same password, a common one, a mismatch", async () => {
    const b = h.browser();
    const account = await signedIn(b);
    const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
      b.put("/api/profile/password", { currentPassword, newPassword, confirmPassword });
    const wrong = await change("Not-my-password", "Brand-New-Pass-7");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.currentPasswordWrong,
      code: "VALIDATION_ERROR",
      issues: [{ path: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordWrong }],
    });
    expect((await change(account.password, account.password)).json().error).toBe(
      ACCOUNT_MESSAGES.samePassword,
    );
    const common = await change(account.password, "Trustno1");
    expect(common.json().issues).toEqual([
      { path: "newPassword", message: ACCOUNT_MESSAGES.commonPassword },
    ]);
    expect((await change(account.password, "Brand-New-1", "Brand-New-2")).json().error).toBe(
      VALIDATION_MESSAGES.passwordsDoNotMatch,
    );
    expect((await change(account.password, "short")).json().error).toBe(
      VALIDATION_MESSAGES.passwordTooShort,
    );
    // Nothing changed.
    await h.browser().login(account);
  });

  it("refuses further tries after five wrong current passwords", async () => {
    const b = h.browser();
    const account = await signedIn(b);
    for (let i = 0; i < 5; i += 1) {
      const res = await b.put("/api/profile/password", {
        currentPassword: `Wrong-${i}-pass`,
        newPassword: "Brand-New-Pass-7",
        confirmPassword: "Brand-New-Pass-7",
      });
      expect(res.statusCode).toBe(400);
    }
    const refused = await b.put("/api/profile/password", {
      currentPassword: account.password,
      newPassword: "Brand-New-Pass-7",
      confirmPassword: "Brand-New-Pass-7",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      ACCOUNT_MESSAGES.tryAgainIn(Number(refused.headers["retry-after"])),
    );
  });
});

describe("the profile image", () => {
  const h = useAccountsApp();

  it("is judged by its bytes: a PNG declared as JPEG is stored and served as PNG", async () => {
    const b = h.browser();
    await signedIn(b);
    const bytes = png(300);
    const res = await upload(b, bytes, "image/jpeg");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.imageUpdated);
    const url: string = res.json().data.user.profileImage;
    expect(url).toMatch(/^\/api\/profile\/image\?v=[A-Za-z0-9_-]+$/);
    expect((await b.get("/api/profile")).json().data.profileImage).toBe(url);

    const served = await b.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const stale = await b.get("/api/profile/image?v=old");
    expect(stale.headers["cache-control"]).toBe("private, no-cache");
  });

  it("accepts JPEG and WebP, raw or as application/octet-stream, with a new URL each time", async () => {
    const b = h.browser();
    await signedIn(b);
    const first = await upload(b, jpeg(), "application/octet-stream");
    expect(first.statusCode).toBe(200);
    expect((await b.get("/api/profile/image")).headers["content-type"]).toBe("image/jpeg");
    const second = await upload(b, webp(), "image/webp");
    expect((await b.get("/api/profile/image")).headers["content-type"]).toBe("image/webp");
    expect(second.json().data.user.profileImage).not.toBe(first.json().data.user.profileImage);
  });

  it("refuses what is not an image, whatever it claims to be", async () => {
    const b = h.browser();
    await signedIn(b);
    const cases: Array<[Buffer, string]> = [
      [Buffer.from("just some text, honestly"), "image/png"],
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/webp"],
      [Buffer.from("GIF89a......"), "application/octet-stream"],
      [png(), "text/plain"],
    ];
    for (const [bytes, type] of cases) {
      const res = await upload(b, bytes, type);
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: ACCOUNT_MESSAGES.imageInvalid,
        code: "BAD_REQUEST",
      });
    }
    expect((await b.get("/api/profile")).json().data.profileImage).toBeNull();
  });

  it("takes 2 MB and refuses more with 413 and the product's message", async () => {
    const b = h.browser();
    await signedIn(b);
    expect((await upload(b, png(PROFILE_IMAGE_MAX_BYTES), "image/png")).statusCode).toBe(200);
    const res = await upload(b, png(PROFILE_IMAGE_MAX_BYTES + 1), "image/png");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.imageTooLarge,
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  it("is served only to its owner, and can be removed", async () => {
    const owner = h.browser();
    const stranger = h.browser();
    await signedIn(owner);
    await signedIn(stranger);
    const url: string = (await upload(owner, png(), "image/png")).json().data.user.profileImage;
    const peek = await stranger.get(url);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error).toBe(ACCOUNT_MESSAGES.noImage);
    expect((await h.browser().get(url)).statusCode).toBe(401);

    const removed = await owner.delete("/api/profile/image");
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(ACCOUNT_MESSAGES.imageRemoved);
    expect(removed.json().data.user.profileImage).toBeNull();
    expect((await owner.get(url)).statusCode).toBe(404);
    expect((await owner.delete("/api/profile/image")).statusCode).toBe(200);
  });

  it("is refused from another site", async () => {
    const b = h.browser();
    await signedIn(b);
    const res = await b.request("PUT", "/api/profile/image", {
      payload: png(),
      headers: { "content-type": "image/png", origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect((await b.get("/api/profile")).json().data.profileImage).toBeNull();
  });
});

describe("profile with a fresh account", () => {
  const h = useAccountsApp();
  it("answers the user after an update, with the fields of UserSchema only", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.signUp(account);
    await b.login(account);
    const res = await b.put("/api/profile", { name: "Ravi" });
    expect(Object.keys(res.json().data.user).sort()).toEqual(
      [
        "createdAt",
        "email",
        "id",
        "language",
        "mobile",
        "name",
        "profileImage",
        "role",
        "username",
      ].sort(),
    );
  });
});

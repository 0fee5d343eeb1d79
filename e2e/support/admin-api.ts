/**
 * The operator's grants through the server's admin API, for journeys that need a user with some access but
 * are not about the console (access.spec.ts walks the console itself), as the demo operator the server
 * seeds with SEED_DEMO (@kalpa/testkit/demo's ADMIN).
 */
import type { AccessKey } from "@kalpa/contracts/names";
import { ADMIN } from "@kalpa/testkit/demo";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import { E2E_BASE_URL } from "./environment";

/** Today in India (YYYY-MM-DD), the day the operator records things on. */
function indiaToday(): string {
  return new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Signs the operator in on `request` (its own cookie jar), records `username`'s signed agreement as received
 * and grants them `instruments` for 30 days, as a complimentary contribution.
 */
export async function grantAccessByApi(
  request: APIRequestContext,
  username: string,
  instruments: AccessKey[],
): Promise<void> {
  const headers = { origin: E2E_BASE_URL };
  const login = await request.post("/api/auth/login", { data: ADMIN, headers });
  expect(login.ok(), await login.text()).toBe(true);
  const found = await request.get(`/api/admin/users?q=${encodeURIComponent(username)}`);
  expect(found.ok(), await found.text()).toBe(true);
  const { users } = (await found.json()).data as { users: Array<{ id: string; username: string }> };
  const user = users.find((candidate) => candidate.username === username);
  expect(user, `the operator finds ${username}`).toBeDefined();
  const id = (user as { id: string }).id;
  const today = indiaToday();
  const rda = await request.post(`/api/admin/users/${id}/rda-received`, {
    data: { receivedOn: today, channel: "email" },
    headers,
  });
  expect(rda.ok(), await rda.text()).toBe(true);
  const grant = await request.post(`/api/admin/users/${id}/grants`, {
    data: {
      instruments,
      days: 30,
      contribution: { amountRupees: 0, method: "complimentary", reference: "", receivedOn: today },
    },
    headers,
  });
  expect(grant.ok(), await grant.text()).toBe(true);
}

/**
 * As the signed-in operator on `request`, sends a manual NIFTY KalpaVruksha CE signal at `strike` whose entry
 * zone sits just under the option's premium: a first zone far from it is refused with the current premium
 * named in the message, and the signal is then sent around that. Expects it to be created, and answers
 * the server's answer.
 */
export async function sendSignalNearPremium(
  request: APIRequestContext,
  site: string,
  strike: number,
): Promise<APIResponse> {
  const send = (low: number) =>
    request.post(`${site}/api/paper/signal`, {
      headers: { origin: site },
      data: {
        model: "Nifty:KalpaVruksha",
        optionType: "CE",
        strike,
        entryLow: low,
        entryHigh: Math.round(low * 1.1 * 20) / 20,
        target: Math.round(low * 1.6 * 20) / 20,
        stopLoss: Math.round(low * 0.7 * 20) / 20,
      },
    });
  const refusal = (await (await send(1)).json()) as { error: string };
  const premium = Number(
    /current premium \(([\d,.]+)\)/.exec(refusal.error)?.[1]?.replaceAll(",", ""),
  );
  expect(premium, refusal.error).toBeGreaterThan(0);
  const sent = await send(Math.round(premium * 0.97 * 20) / 20);
  expect(sent.status(), await sent.text()).toBe(201);
  return sent;
}

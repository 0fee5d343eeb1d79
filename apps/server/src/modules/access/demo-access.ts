/**
 * The demo subscriber's access (SEED_DEMO): the risk disclosure accepted and its signed copy recorded, then
 * all three instruments granted for 30 days with a complimentary contribution, through the same rules as
 * the operator's grants. Only for an account that was never granted anything, so a restart changes nothing
 * and an operator's later changes to the demo account stay.
 */
import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { Clock } from "../../lib/clock";
import type { AccessChanges, Actor } from "./changes";
import type { SubscriptionRepository } from "./subscription-repository";

export const DEMO_ACCESS_DAYS = 30;
const SEED_ACTOR: Actor = { name: "system", userId: null, ip: null };

/** Answers whether access was given (false when the account already had some). */
export async function seedDemoAccess(
  deps: { changes: AccessChanges; subscriptions: SubscriptionRepository; clock: Clock },
  user: { id: number; username: string },
): Promise<boolean> {
  if ((await deps.subscriptions.forUser(user.id)).length > 0) return false;
  const today = dayKeyOf(deps.clock());
  await deps.changes.acceptRiskDisclosure(user, {
    version: RISK_DISCLOSURE_VERSION,
    ip: null,
    userAgent: undefined,
  });
  await deps.changes.recordSignedCopy(SEED_ACTOR, user.id, {
    receivedOn: today,
    channel: "in-person",
    note: "Demo account",
  });
  await deps.changes.grant(SEED_ACTOR, user.id, {
    instruments: [...ACCESS_KEYS],
    days: DEMO_ACCESS_DAYS,
    contribution: {
      amountRupees: 0,
      method: "complimentary",
      reference: "demo",
      receivedOn: today,
      note: "Demo account",
    },
  });
  return true;
}

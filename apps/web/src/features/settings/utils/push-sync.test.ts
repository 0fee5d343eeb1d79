import { afterEach, describe, expect, it } from "vitest";
import { installMockApi, ok } from "@/test/mock-api";
import { fakePush, SUBSCRIPTION_JSON } from "@/test/push";
import { dropPushSubscription, resendPushSubscription } from "./push-sync";

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("this browser's alerts across signing in and out", () => {
  it("sends the subscription this browser has after a sign-in, exactly as toJSON() gives it", async () => {
    fakePush({ permission: "granted", subscribed: true });
    const api = installMockApi({ "POST /api/alerts/push-subscriptions": () => ok() });
    await resendPushSubscription();
    expect(api.callsTo("POST /api/alerts/push-subscriptions").map((call) => call.body)).toEqual([
      SUBSCRIPTION_JSON,
    ]);
  });

  it("sends nothing, and registers nothing, where alerts were never turned on", async () => {
    const push = fakePush({ permission: "granted" });
    const api = installMockApi({});
    await resendPushSubscription();
    expect(api.requests).toHaveLength(0);
    expect(push.serviceWorker.register).not.toHaveBeenCalled();
  });

  it("unsubscribes this browser after a sign-out", async () => {
    const push = fakePush({ permission: "granted", subscribed: true });
    await dropPushSubscription();
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

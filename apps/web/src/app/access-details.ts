import { useSubscriptionStatus } from "@/features/access/api/get-subscription-status";
import type { AccessDetailsState } from "@/features/settings/components/access-details";

/** Settings' Access Details from the subscription status (composed here: features do not import each other). */
export function useAccessDetails(): AccessDetailsState {
  const status = useSubscriptionStatus();
  if (status.data) return { status: "ready", subscriptions: status.data.subscriptions };
  if (status.isError && !status.isFetching) {
    return { status: "error", retry: () => void status.refetch() };
  }
  return { status: "pending" };
}

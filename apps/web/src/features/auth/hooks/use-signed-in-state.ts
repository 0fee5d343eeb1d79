import type { User } from "@kalpa/contracts/api/session";
import { useMe } from "../api/get-me";

/** Whether the server lets the visitor in (spec section 4: loading, then 401, another error, or signed in). */
export type SignedInState =
  | { status: "loading" }
  | { status: "unauthenticated" }
  | { status: "error"; retry: () => void }
  | { status: "granted"; user: User };

export function useSignedInState(): SignedInState {
  const me = useMe();
  if (me.data) return { status: "granted", user: me.data };
  if (me.data === null) return { status: "unauthenticated" };
  if (me.isError && !me.isFetching) return { status: "error", retry: () => void me.refetch() };
  return { status: "loading" };
}

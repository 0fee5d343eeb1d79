import {
  OPTION_CHAIN_EVENT,
  type OptionChainPayload,
  OptionChainSchema,
  optionChainEndpoint,
} from "@kalpa/contracts/api/option-chain";
import type { InstrumentSlug } from "@kalpa/contracts/names";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import * as z from "zod/mini";
import { apiRequest } from "@/lib/api-client";

export const optionChainQueryKey = (instrument: InstrumentSlug) =>
  ["live", "option-chain", instrument] as const;

/** GET /api/signals/chain: the chain around the instrument's signal (or at the money). */
export async function getOptionChain(
  instrument: InstrumentSlug,
  signal?: AbortSignal,
): Promise<OptionChainPayload> {
  return apiRequest(optionChainEndpoint, { query: { instrument }, signal });
}

/**
 * The instrument's option chain: fetched once, then replaced by each option-chain-update of the
 * instrument's room (the server sends at most one a second); fetched again after token-refreshed.
 */
export function useOptionChain(instrument: InstrumentSlug, socket: Socket | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: optionChainQueryKey(instrument),
    queryFn: ({ signal }) => getOptionChain(instrument, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    meta: { private: true },
  });
  useEffect(() => {
    if (!socket) return;
    const onChain = (payload: unknown) => {
      const parsed = z.safeParse(OptionChainSchema, payload);
      if (!parsed.success || parsed.data.instrument !== instrument) return;
      queryClient.setQueryData(optionChainQueryKey(instrument), parsed.data);
    };
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: optionChainQueryKey(instrument) });
    socket.on(OPTION_CHAIN_EVENT, onChain);
    socket.on(SERVER_EVENTS.tokenRefreshed, refetch);
    return () => {
      socket.off(OPTION_CHAIN_EVENT, onChain);
      socket.off(SERVER_EVENTS.tokenRefreshed, refetch);
    };
  }, [socket, instrument, queryClient]);
  return query;
}

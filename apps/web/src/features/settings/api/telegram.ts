/**
 * Telegram alerts: whether the site runs a bot and this user's chat is linked (GET), a one-time
 * deep link to the bot (POST …/link, 15 minutes) and unlinking (DELETE).
 */
import {
  telegramLinkEndpoint,
  telegramStatusEndpoint,
  telegramUnlinkEndpoint,
} from "@kalpa/contracts/api/alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiRequestWithMessage } from "@/lib/api-client";

export const telegramStatusQueryKey = ["alerts", "telegram"] as const;

/** While a link waits to be opened in Telegram, how often its status is asked again. */
export const TELEGRAM_POLL_MS = 3000;

export function useTelegramStatus({ polling }: { polling: boolean }) {
  return useQuery({
    queryKey: telegramStatusQueryKey,
    queryFn: ({ signal }) => apiRequest(telegramStatusEndpoint, { signal }),
    meta: { private: true },
    refetchInterval: (query) => (polling && !query.state.data?.linked ? TELEGRAM_POLL_MS : false),
  });
}

export function useTelegramLink() {
  return useMutation({ mutationFn: () => apiRequestWithMessage(telegramLinkEndpoint) });
}

export function useTelegramUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestWithMessage(telegramUnlinkEndpoint),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramStatusQueryKey }),
  });
}

/**
 * GET and PUT /api/alerts/preferences: which events each channel carries for each instrument,
 * and the quiet hours. A save answers the preferences as stored, which replace the cached ones.
 */
import {
  type AlertPreferences,
  alertPreferencesEndpoint,
  updateAlertPreferencesEndpoint,
} from "@kalpa/contracts/api/alerts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiRequestWithMessage } from "@/lib/api-client";

export const alertPreferencesQueryKey = ["alerts", "preferences"] as const;

export function getAlertPreferences(signal?: AbortSignal): Promise<AlertPreferences> {
  return apiRequest(alertPreferencesEndpoint, { signal });
}

export function alertPreferencesQueryOptions() {
  return queryOptions({
    queryKey: alertPreferencesQueryKey,
    queryFn: ({ signal }) => getAlertPreferences(signal),
    meta: { private: true },
  });
}

export function useAlertPreferences() {
  return useQuery(alertPreferencesQueryOptions());
}

export function updateAlertPreferences(preferences: AlertPreferences) {
  return apiRequestWithMessage(updateAlertPreferencesEndpoint, { body: preferences });
}

export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertPreferences,
    onSuccess: ({ data }) => queryClient.setQueryData(alertPreferencesQueryKey, data),
  });
}

import { getProfileEndpoint } from "@kalpa/contracts/api/auth";
import type { Profile, User } from "@kalpa/contracts/api/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest(getProfileEndpoint, { signal });
}

export const profileQueryKey = ["profile"] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    meta: { private: true },
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** The profile part of a user the server answered an update with. */
export function profileOf(user: User): Profile {
  const { name, username, email, mobile, profileImage } = user;
  return { name, username, email, mobile, profileImage };
}

import { updateProfileEndpoint } from "@kalpa/contracts/api/auth";
import type { User } from "@kalpa/contracts/api/session";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { profileOf, profileQueryKey } from "./get-profile";

/** One field at a time: the name or the mobile number (username and e-mail are read-only). */
export type ProfileEdit = { name: string } | { mobile: string };

export async function updateProfile(edit: ProfileEdit) {
  const { data, message } = await apiRequestWithMessage(updateProfileEndpoint, { body: edit });
  return { user: data.user, message };
}

export function useUpdateProfile({ onUserChanged }: { onUserChanged?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryKey, profileOf(user));
      onUserChanged?.(user);
    },
  });
}

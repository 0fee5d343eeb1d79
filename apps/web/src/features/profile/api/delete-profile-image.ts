import { deleteProfileImageEndpoint } from "@kalpa/contracts/api/auth";
import type { User } from "@kalpa/contracts/api/session";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { profileOf, profileQueryKey } from "./get-profile";

export async function deleteProfileImage() {
  const { data, message } = await apiRequestWithMessage(deleteProfileImageEndpoint);
  return { user: data.user, message };
}

export function useDeleteProfileImage({
  onUserChanged,
}: {
  onUserChanged?: (user: User) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryKey, profileOf(user));
      onUserChanged?.(user);
    },
  });
}

import { profileImageEndpoint } from "@kalpa/contracts/api/auth";
import type { User } from "@kalpa/contracts/api/session";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { profileOf, profileQueryKey } from "./get-profile";

/** Sends the file's bytes as the body with its own Content-Type; the server checks the bytes. */
export async function uploadProfileImage(file: Blob) {
  const { data, message } = await apiRequestWithMessage(profileImageEndpoint, { upload: file });
  return { user: data.user, message };
}

export function useUploadProfileImage({
  onUserChanged,
}: {
  onUserChanged?: (user: User) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryKey, profileOf(user));
      onUserChanged?.(user);
    },
  });
}

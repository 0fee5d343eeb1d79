import { resendSignupOtpEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

export async function resendSignupOtp(body: { username: string }) {
  const { message } = await apiRequestWithMessage(resendSignupOtpEndpoint, { body });
  return { message };
}

export function useResendSignupOtp() {
  return useMutation({ mutationFn: resendSignupOtp });
}

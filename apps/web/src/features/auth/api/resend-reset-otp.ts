import { resendResetOtpEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

export async function resendResetOtp(body: { email: string }) {
  const { message } = await apiRequestWithMessage(resendResetOtpEndpoint, { body });
  return { message };
}

export function useResendResetOtp() {
  return useMutation({ mutationFn: resendResetOtp });
}

import { verifyResetOtpEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

export async function verifyResetOtp(body: { email: string; otp: string }) {
  const { message } = await apiRequestWithMessage(verifyResetOtpEndpoint, { body });
  return { message };
}

export function useVerifyResetOtp() {
  return useMutation({ mutationFn: verifyResetOtp });
}

import { verifySignupOtpEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

export async function verifySignupOtp(body: { username: string; otp: string }) {
  const { message } = await apiRequestWithMessage(verifySignupOtpEndpoint, { body });
  return { message };
}

export function useVerifySignupOtp() {
  return useMutation({ mutationFn: verifySignupOtp });
}

import type { PolicyType } from "@kalpa/contracts/constants";
import { cookiePolicy } from "./cookie";
import { disclaimer } from "./disclaimer";
import { privacyPolicy } from "./privacy";
import { termsOfService } from "./terms";
import type { PolicyDocument } from "./types";

/** The binding (English) text of each policy. */
export const POLICY_DOCUMENTS: Record<PolicyType, PolicyDocument> = {
  privacy: privacyPolicy,
  terms: termsOfService,
  disclaimer,
  cookie: cookiePolicy,
};

/** Puts the operator's brand name into a policy's text. */
export function withBrand(text: string, brand: string): string {
  return text.replaceAll("{brand}", brand);
}

import { useResearchAnalyst } from "../api/get-research-analyst";

/** The operator's research-analyst registration as a sentence names it. */
export type Registration = {
  /** The name the registration is granted in. */
  analyst: string;
  /** SEBI's registration number, e.g. INH000012345. */
  number: string;
};

/**
 * The registration, or null without a research-analyst profile (or until the answer arrives): a page that
 * repeats the spec's "not registered" sentence shows its registered variant only with one, so the spec's
 * wording stands whenever there is no registration to name.
 */
export function useRegistration(): Registration | null {
  const profile = useResearchAnalyst().data?.profile;
  return profile ? { analyst: profile.registeredName, number: profile.registrationNumber } : null;
}

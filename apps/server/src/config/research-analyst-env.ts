/**
 * The operator's research-analyst profile from the environment (RA_*), a seed for a fresh database: the
 * console's profile, once set, is the one in force. Either every required variable is given, and together
 * they make a valid profile, or none is.
 */
import {
  type ResearchAnalystProfile,
  ResearchAnalystProfileSchema,
} from "@kalpa/contracts/api/research-analyst";

/** Each variable, what it holds, and where it goes in the profile. */
export const RA_VARIABLES = {
  RA_REGISTERED_NAME: "the name the SEBI registration is granted in",
  RA_REGISTRATION_NUMBER: "SEBI's research-analyst registration number, e.g. INH000012345",
  RA_VALID_FROM: "the registration's first day, YYYY-MM-DD",
  RA_VALID_TO: "the registration's last day, YYYY-MM-DD (unset: no end date)",
  RA_RAASB_ENLISTMENT:
    "the enlistment number with the RA administration and supervisory body (BSE)",
  RA_PRINCIPAL_OFFICER_NAME: "the principal officer's name",
  RA_PRINCIPAL_OFFICER_EMAIL: "the principal officer's e-mail address",
  RA_PRINCIPAL_OFFICER_PHONE: "the principal officer's phone number",
  RA_COMPLIANCE_OFFICER_NAME: "the compliance officer's name",
  RA_COMPLIANCE_OFFICER_EMAIL: "the compliance officer's e-mail address",
  RA_COMPLIANCE_OFFICER_PHONE: "the compliance officer's phone number",
  RA_GRIEVANCE_OFFICER_NAME: "the grievance officer's name",
  RA_GRIEVANCE_OFFICER_EMAIL: "the grievance officer's e-mail address",
  RA_GRIEVANCE_OFFICER_PHONE: "the grievance officer's phone number",
  RA_ADDRESS: "the correspondence address",
  RA_PARRVA_VERIFIED: "true when past performance is verified by PaRRVA (default false)",
} as const;

export type RaVariable = keyof typeof RA_VARIABLES;
type RaEnv = Partial<Record<RaVariable, string | undefined>>;

const OPTIONAL: ReadonlySet<RaVariable> = new Set(["RA_VALID_TO", "RA_PARRVA_VERIFIED"]);

/** The profile's field behind each variable, for the messages about a value that does not fit. */
const FIELD_OF: Record<string, RaVariable> = {
  registeredName: "RA_REGISTERED_NAME",
  registrationNumber: "RA_REGISTRATION_NUMBER",
  validFrom: "RA_VALID_FROM",
  validTo: "RA_VALID_TO",
  raasbEnlistment: "RA_RAASB_ENLISTMENT",
  "principalOfficer.name": "RA_PRINCIPAL_OFFICER_NAME",
  "principalOfficer.email": "RA_PRINCIPAL_OFFICER_EMAIL",
  "principalOfficer.phone": "RA_PRINCIPAL_OFFICER_PHONE",
  "complianceOfficer.name": "RA_COMPLIANCE_OFFICER_NAME",
  "complianceOfficer.email": "RA_COMPLIANCE_OFFICER_EMAIL",
  "complianceOfficer.phone": "RA_COMPLIANCE_OFFICER_PHONE",
  "grievanceOfficer.name": "RA_GRIEVANCE_OFFICER_NAME",
  "grievanceOfficer.email": "RA_GRIEVANCE_OFFICER_EMAIL",
  "grievanceOfficer.phone": "RA_GRIEVANCE_OFFICER_PHONE",
  correspondenceAddress: "RA_ADDRESS",
};

/**
 * The profile the RA_* variables describe (undefined when none is set), or the problems that keep them
 * from describing one.
 */
export function researchAnalystFromEnv(env: RaEnv): {
  profile: ResearchAnalystProfile | undefined;
  problems: string[];
} {
  const names = Object.keys(RA_VARIABLES) as RaVariable[];
  if (names.every((name) => env[name] === undefined)) return { profile: undefined, problems: [] };
  const missing = names.filter((name) => !OPTIONAL.has(name) && env[name] === undefined);
  if (missing.length > 0) {
    return {
      profile: undefined,
      problems: missing.map(
        (name) =>
          `${name}: required with the other RA_* variables (the research-analyst profile): ${RA_VARIABLES[name]}`,
      ),
    };
  }
  const officer = (prefix: "PRINCIPAL" | "COMPLIANCE" | "GRIEVANCE") => ({
    name: env[`RA_${prefix}_OFFICER_NAME`],
    email: env[`RA_${prefix}_OFFICER_EMAIL`],
    phone: env[`RA_${prefix}_OFFICER_PHONE`],
  });
  const parsed = ResearchAnalystProfileSchema.safeParse({
    registeredName: env.RA_REGISTERED_NAME,
    registrationNumber: env.RA_REGISTRATION_NUMBER,
    validFrom: env.RA_VALID_FROM,
    validTo: env.RA_VALID_TO ?? null,
    raasbEnlistment: env.RA_RAASB_ENLISTMENT,
    principalOfficer: officer("PRINCIPAL"),
    complianceOfficer: officer("COMPLIANCE"),
    grievanceOfficer: officer("GRIEVANCE"),
    correspondenceAddress: env.RA_ADDRESS,
    parrvaVerified: /^(true|1|yes)$/i.test(env.RA_PARRVA_VERIFIED ?? ""),
  });
  if (parsed.success) return { profile: parsed.data, problems: [] };
  return {
    profile: undefined,
    problems: parsed.error.issues.map((issue) => {
      const name = FIELD_OF[issue.path.join(".")] ?? "RA_*";
      return `${name}: ${issue.message}`;
    }),
  };
}

/**
 * The operator's research-analyst profile (SEBI Research Analysts Regulations): who is registered, until
 * when, its officers and grievance contact, and whether past performance is verified by the Past Risk and
 * Return Verification Agency (PaRRVA). With a profile the site shows the disclosures, the investor charter,
 * the most important terms (which a subscriber accepts before live output) and the monthly complaints;
 * without one, the spec's own wording stands. zod/mini: the footer reads the profile on every first page.
 */
import * as z from "zod/mini";
import { DayKeySchema } from "../names";

/** The version of the Most Important Terms and Conditions a subscriber must accept (bumped when its text changes). */
export const TERMS_SUMMARY_VERSION = 1;

/** SEBI's research-analyst registration numbers: "INH" and nine digits, e.g. INH000012345. */
export const RA_REGISTRATION_PATTERN = /^INH\d{9}$/;

/** SEBI's grievance portal and the securities market's Online Dispute Resolution portal. */
export const SCORES_URL = "https://scores.sebi.gov.in";
export const ODR_URL = "https://smartodr.in";

/** SEBI's standard statement for research analysts, shown wherever the registration is. */
export const RA_REGISTRATION_STATEMENT =
  "Registration granted by SEBI, membership of RAASB (Research Analyst Administration and Supervisory Body) and certification from NISM in no way guarantee performance of the intermediary or provide any assurance of returns to investors.";

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const OfficerSchema = z.object({
  name: text(120),
  email: z.email("Expected an e-mail address").check(z.maxLength(254)),
  phone: z
    .string()
    .check(
      z.trim(),
      z.regex(/^\+?[\d\s-]{8,20}$/, "Expected a phone number, e.g. +91 90000 00000"),
    ),
});
export type Officer = z.infer<typeof OfficerSchema>;

export const ResearchAnalystProfileSchema = z
  .object({
    /** The name the registration is granted in. */
    registeredName: text(200),
    registrationNumber: z
      .string()
      .check(
        z.trim(),
        z.regex(RA_REGISTRATION_PATTERN, "Expected SEBI's number, INH and nine digits"),
      ),
    validFrom: DayKeySchema,
    /** The registration's last day; null when it has none (a permanent registration). */
    validTo: z.nullable(DayKeySchema),
    /** The enlistment number with the RA administration and supervisory body (BSE). */
    raasbEnlistment: text(40),
    principalOfficer: OfficerSchema,
    complianceOfficer: OfficerSchema,
    grievanceOfficer: OfficerSchema,
    correspondenceAddress: text(500),
    /** Past performance verified by PaRRVA: only then are track-record figures public. */
    parrvaVerified: z.boolean(),
  })
  .check(
    z.refine((profile) => profile.validTo === null || profile.validTo >= profile.validFrom, {
      message: "The registration cannot end before it starts",
      path: ["validTo"],
    }),
  );
export type ResearchAnalystProfile = z.infer<typeof ResearchAnalystProfileSchema>;

/** GET /api/research-analyst: the profile, or null when the operator has none. Public. */
export const ResearchAnalystSchema = z.object({
  profile: z.nullable(ResearchAnalystProfileSchema),
  /** When it was last set (ISO), null without one. */
  updatedAt: z.nullable(z.string()),
});
export type ResearchAnalyst = z.infer<typeof ResearchAnalystSchema>;

export const researchAnalystEndpoint = {
  method: "GET",
  path: "/api/research-analyst",
  response: ResearchAnalystSchema,
} as const;

/** A month, YYYY-MM. */
export const MonthKeySchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Expected a month as YYYY-MM"));

const count = z.int().check(z.minimum(0), z.maximum(1_000_000));

/** One month's complaints, in the shape SEBI asks research analysts to publish by the 7th of the next month. */
export const ComplaintsMonthInputSchema = z.object({
  received: count,
  resolved: count,
  /** Pending at the end of the month. */
  pending: count,
  /** Average days to resolve the month's resolved complaints; null when none were resolved. */
  averageResolutionDays: z.nullable(z.number().check(z.minimum(0), z.maximum(3650))),
});
export type ComplaintsMonthInput = z.infer<typeof ComplaintsMonthInputSchema>;

export const ComplaintsMonthSchema = z.object({
  month: MonthKeySchema,
  ...ComplaintsMonthInputSchema.shape,
});
export type ComplaintsMonth = z.infer<typeof ComplaintsMonthSchema>;

/** GET /api/research-analyst/complaints: every month the operator recorded, newest first. Public. */
export const ComplaintsTableSchema = z.object({ months: z.array(ComplaintsMonthSchema) });
export type ComplaintsTable = z.infer<typeof ComplaintsTableSchema>;

export const complaintsEndpoint = {
  method: "GET",
  path: "/api/research-analyst/complaints",
  response: ComplaintsTableSchema,
} as const;

/** PUT /api/admin/research-analyst: sets the whole profile (admin only, audited). */
export const setResearchAnalystEndpoint = {
  method: "PUT",
  path: "/api/admin/research-analyst",
  body: ResearchAnalystProfileSchema,
  response: ResearchAnalystSchema,
} as const;

/** DELETE /api/admin/research-analyst: removes the profile; the spec's wording stands again. */
export const clearResearchAnalystEndpoint = {
  method: "DELETE",
  path: "/api/admin/research-analyst",
  response: ResearchAnalystSchema,
} as const;

/** PUT /api/admin/research-analyst/complaints/:month: sets one month's row (admin only, audited). */
export const setComplaintsMonthEndpoint = {
  method: "PUT",
  path: "/api/admin/research-analyst/complaints/:month",
  body: ComplaintsMonthInputSchema,
  response: ComplaintsTableSchema,
} as const;

/** Where the user stands with the Most Important Terms and Conditions. */
export const TermsSummaryStatusSchema = z.object({
  /** The operator has a research-analyst profile, so the terms must be accepted before live output. */
  required: z.boolean(),
  version: z.number(),
  accepted: z.boolean(),
  acceptedAt: z.nullable(z.string()),
});
export type TermsSummaryStatus = z.infer<typeof TermsSummaryStatusSchema>;

export const AcceptTermsSummarySchema = z.object({ version: z.number() });

/** POST /api/terms-summary/accept: records the time, version and IP; accepting again changes nothing. */
export const acceptTermsSummaryEndpoint = {
  method: "POST",
  path: "/api/terms-summary/accept",
  body: AcceptTermsSummarySchema,
  response: TermsSummaryStatusSchema,
} as const;

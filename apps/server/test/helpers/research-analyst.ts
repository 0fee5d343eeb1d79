/** A research-analyst profile for tests that need the operator to have one (decision 031). */
import type { ResearchAnalystProfile } from "@kalpa/contracts/api/research-analyst";

export const TEST_RA_PROFILE: ResearchAnalystProfile = {
  registeredName: "Kalpa Research LLP",
  registrationNumber: "INH000012345",
  validFrom: "2025-02-01",
  validTo: null,
  raasbEnlistment: "BSE-RA-5678",
  principalOfficer: { name: "Asha Rao", email: "asha@kalpa.example", phone: "+91 90000 11111" },
  complianceOfficer: {
    name: "Vikram Iyer",
    email: "compliance@kalpa.example",
    phone: "+91 90000 22222",
  },
  grievanceOfficer: {
    name: "Meera Das",
    email: "grievance@kalpa.example",
    phone: "+91 90000 33333",
  },
  correspondenceAddress: "12 MG Road, Bengaluru 560001",
  parrvaVerified: false,
};

/** The same profile as RA_* variables (seeded at start-up into a database that has none). */
export const TEST_RA_ENV: Record<string, string> = {
  RA_REGISTERED_NAME: TEST_RA_PROFILE.registeredName,
  RA_REGISTRATION_NUMBER: TEST_RA_PROFILE.registrationNumber,
  RA_VALID_FROM: TEST_RA_PROFILE.validFrom,
  RA_RAASB_ENLISTMENT: TEST_RA_PROFILE.raasbEnlistment,
  RA_PRINCIPAL_OFFICER_NAME: TEST_RA_PROFILE.principalOfficer.name,
  RA_PRINCIPAL_OFFICER_EMAIL: TEST_RA_PROFILE.principalOfficer.email,
  RA_PRINCIPAL_OFFICER_PHONE: TEST_RA_PROFILE.principalOfficer.phone,
  RA_COMPLIANCE_OFFICER_NAME: TEST_RA_PROFILE.complianceOfficer.name,
  RA_COMPLIANCE_OFFICER_EMAIL: TEST_RA_PROFILE.complianceOfficer.email,
  RA_COMPLIANCE_OFFICER_PHONE: TEST_RA_PROFILE.complianceOfficer.phone,
  RA_GRIEVANCE_OFFICER_NAME: TEST_RA_PROFILE.grievanceOfficer.name,
  RA_GRIEVANCE_OFFICER_EMAIL: TEST_RA_PROFILE.grievanceOfficer.email,
  RA_GRIEVANCE_OFFICER_PHONE: TEST_RA_PROFILE.grievanceOfficer.phone,
  RA_ADDRESS: TEST_RA_PROFILE.correspondenceAddress,
};

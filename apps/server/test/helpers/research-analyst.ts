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

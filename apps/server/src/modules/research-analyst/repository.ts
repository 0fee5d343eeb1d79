/** The only SQL about the research-analyst profile and the monthly complaints table. */
import type {
  ComplaintsMonth,
  ResearchAnalystProfile,
} from "@kalpa/contracts/api/research-analyst";
import { desc, eq } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { complaintMonths, researchAnalystProfile } from "../../db/schema";

const PROFILE_ROW = 1;

export function createResearchAnalystRepository(db: DbExecutor) {
  return {
    /** The profile with when it was set, or undefined. */
    async profile(
      executor: DbExecutor = db,
    ): Promise<{ profile: ResearchAnalystProfile; updatedAt: Date } | undefined> {
      const [row] = await executor.select().from(researchAnalystProfile).limit(1);
      if (!row) return undefined;
      const { id: _id, updatedAt, ...profile } = row;
      return { profile, updatedAt };
    },

    /** Sets the one profile (replacing the one there). */
    async setProfile(
      profile: ResearchAnalystProfile,
      at: Date,
      executor: DbExecutor = db,
    ): Promise<void> {
      const values = { ...profile, updatedAt: at };
      await executor
        .insert(researchAnalystProfile)
        .values({ id: PROFILE_ROW, ...values })
        .onConflictDoUpdate({ target: researchAnalystProfile.id, set: values });
    },

    /** Removes the profile; answers whether there was one. */
    async clearProfile(executor: DbExecutor = db): Promise<boolean> {
      const removed = await executor
        .delete(researchAnalystProfile)
        .where(eq(researchAnalystProfile.id, PROFILE_ROW))
        .returning({ id: researchAnalystProfile.id });
      return removed.length > 0;
    },

    /** Every recorded month, newest first. */
    async complaints(): Promise<ComplaintsMonth[]> {
      const rows = await db.select().from(complaintMonths).orderBy(desc(complaintMonths.month));
      return rows.map(({ updatedAt: _at, ...month }) => month);
    },

    async complaintsMonth(month: string, executor: DbExecutor = db) {
      const [row] = await executor
        .select()
        .from(complaintMonths)
        .where(eq(complaintMonths.month, month));
      return row;
    },

    async setComplaintsMonth(row: ComplaintsMonth, at: Date, executor: DbExecutor = db) {
      const values = { ...row, updatedAt: at };
      await executor
        .insert(complaintMonths)
        .values(values)
        .onConflictDoUpdate({ target: complaintMonths.month, set: values });
    },
  };
}

export type ResearchAnalystRepository = ReturnType<typeof createResearchAnalystRepository>;

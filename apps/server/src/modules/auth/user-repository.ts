/**
 * The only SQL about accounts. Every read answers the user with the version of their profile image (for
 * its URL), never the image itself.
 */
import type { Language } from "@kalpa/contracts/api/session";
import { eq, getTableColumns, or, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { profileImages, users } from "../../db/schema";

export type UserRecord = typeof users.$inferSelect & { imageVersion: string | null };
export type NewUser = Omit<typeof users.$inferInsert, "id">;
export type ProfileChange = { name: string } | { mobile: string };

const usernameMatches = (username: string) => sql`lower(${users.username}) = lower(${username})`;

/** The columns of a UserRecord: the account and its image's version (joined from profile_images). */
export const userRecordColumns = { ...getTableColumns(users), imageVersion: profileImages.version };

export function createUserRepository(db: DbExecutor) {
  const selectUsers = (executor: DbExecutor) =>
    executor
      .select(userRecordColumns)
      .from(users)
      .leftJoin(profileImages, eq(profileImages.userId, users.id));

  return {
    async findById(id: number, executor: DbExecutor = db): Promise<UserRecord | undefined> {
      const [row] = await selectUsers(executor).where(eq(users.id, id));
      return row;
    },
    /** The account, locked until the transaction ends (access changes to one user happen one at a time). */
    async lockById(id: number, executor: DbExecutor) {
      const [row] = await executor
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          verifiedAt: users.verifiedAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .for("update");
      return row;
    },
    /** Case-insensitive, as usernames are unique. */
    async findByUsername(username: string): Promise<UserRecord | undefined> {
      const [row] = await selectUsers(db).where(usernameMatches(username));
      return row;
    },
    /** `email` is already normalised (lower case). */
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await selectUsers(db).where(eq(users.email, email));
      return row;
    },
    /** Accounts that hold this username or this e-mail (at most two), locked until the transaction ends. */
    async findHolders(username: string, email: string, executor: DbExecutor) {
      return executor
        .select()
        .from(users)
        .where(or(usernameMatches(username), eq(users.email, email)))
        .for("update");
    },
    async insert(user: NewUser, executor: DbExecutor = db) {
      const [row] = await executor.insert(users).values(user).returning();
      if (!row) throw new Error("users insert returned no row");
      return row;
    },
    /** Adds the account unless its username or e-mail is held; answers whether it was added. */
    async insertIfAbsent(user: NewUser, executor: DbExecutor = db): Promise<boolean> {
      const rows = await executor
        .insert(users)
        .values(user)
        .onConflictDoNothing()
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async deleteById(id: number, executor: DbExecutor = db): Promise<void> {
      await executor.delete(users).where(eq(users.id, id));
    },
    async markVerified(id: number, at: Date, executor: DbExecutor = db): Promise<void> {
      await executor.update(users).set({ verifiedAt: at, updatedAt: at }).where(eq(users.id, id));
    },
    async setPasswordHash(
      id: number,
      passwordHash: string,
      at: Date,
      executor: DbExecutor = db,
    ): Promise<void> {
      await executor.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    },
    async setLanguage(id: number, language: Language, at: Date): Promise<void> {
      await db.update(users).set({ language, updatedAt: at }).where(eq(users.id, id));
    },
    async updateProfile(id: number, change: ProfileChange, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ ...change, updatedAt: at })
        .where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

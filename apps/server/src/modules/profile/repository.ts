/** The only SQL about profile images. */
import { eq } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { profileImages } from "../../db/schema";

export type ProfileImageRecord = typeof profileImages.$inferSelect;

export function createProfileImageRepository(db: DbExecutor) {
  return {
    async find(userId: number): Promise<ProfileImageRecord | undefined> {
      const [row] = await db.select().from(profileImages).where(eq(profileImages.userId, userId));
      return row;
    },
    /** Stores the user's image, replacing the previous one. */
    async put(image: ProfileImageRecord): Promise<void> {
      const { userId, ...rest } = image;
      await db
        .insert(profileImages)
        .values(image)
        .onConflictDoUpdate({ target: profileImages.userId, set: rest });
    },
    async remove(userId: number): Promise<boolean> {
      const rows = await db
        .delete(profileImages)
        .where(eq(profileImages.userId, userId))
        .returning({ userId: profileImages.userId });
      return rows.length > 0;
    },
  };
}

export type ProfileImageRepository = ReturnType<typeof createProfileImageRepository>;

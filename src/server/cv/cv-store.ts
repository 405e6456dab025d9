import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { cvs } from "@/server/db/schema";
import { cvProfileSchema, type Cv, type CvFormat, type CvProfile } from "@/shared/cv";

/** The user's one CV (docs/decisions/0110): read, replaced, deleted; scoped to its owner. */

type CvRow = typeof cvs.$inferSelect;

export async function getCv(db: Database, userId: string): Promise<Cv | null> {
  const [row] = await db.select().from(cvs).where(eq(cvs.userId, userId));
  return row ? toCv(row) : null;
}

/** Saves the user's CV, replacing the one they had. */
export async function saveCv(
  db: Database,
  userId: string,
  cv: {
    text: string;
    fileName: string | null;
    format: CvFormat;
    profile: CvProfile;
    reader: Cv["reader"];
  },
): Promise<Cv> {
  const values = { ...cv, updatedAt: new Date() };
  const [row] = await db
    .insert(cvs)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: cvs.userId, set: values })
    .returning();
  return toCv(row!);
}

/** Deletes the user's CV; false when they had none. */
export async function deleteCv(db: Database, userId: string): Promise<boolean> {
  const gone = await db.delete(cvs).where(eq(cvs.userId, userId)).returning({ id: cvs.userId });
  return gone.length > 0;
}

function toCv(row: CvRow): Cv {
  return {
    fileName: row.fileName,
    format: row.format,
    text: row.text,
    // Written by saveCv from a checked profile; anything else reads as an empty one.
    profile: cvProfileSchema.safeParse(row.profile).data ?? {
      jobs: [],
      skills: [],
      achievements: [],
    },
    reader: row.reader,
    updatedAt: row.updatedAt.toISOString(),
  };
}

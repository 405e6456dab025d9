import { readCvFile } from "@/server/cv/read-cv-file";
import { understandCv } from "@/server/cv/understand-cv";
import type { CvProfile } from "@/shared/cv";
import type { EvalCv } from "@tests/data/cvs";
import { cvDocx, textPdf } from "./cv-files";

/**
 * The CV evaluation's parts, shared by `npm run eval:cv` and the test that holds its floor: each
 * written CV made into its file, read by the server's reader, understood, and compared with what
 * it says.
 */

export function fileOf(cv: EvalCv): Buffer {
  const lines = cv.lines.filter((line) => line !== "");
  switch (cv.file) {
    case "pdf":
      return textPdf([lines]);
    case "pdf-two-columns":
      return textPdf([lines], { columns: 2 });
    case "docx":
      return cvDocx(lines);
    case "docx-table":
      return cvDocx(lines, { table: true });
    case "text":
      return Buffer.from(cv.lines.join("\n"));
  }
}

const fold = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ").trim();

export type CvScore = {
  jobs: { found: number; of: number; missed: string[] };
  skills: { found: number; of: number; missed: string[] };
  achievements: { found: number; of: number; missed: string[] };
};

/** A job counts when one found has its employer and its title; a skill when listed as written. */
export function scoreProfile(cv: EvalCv, profile: CvProfile): CvScore {
  const jobMissed = cv.expected.jobs.filter(
    (job) =>
      !profile.jobs.some(
        (found) =>
          fold(found.employer).includes(fold(job.employer)) &&
          fold(found.title) === fold(job.title),
      ),
  );
  const skills = new Set(profile.skills.map(fold));
  const skillMissed = cv.expected.skills.filter((skill) => !skills.has(fold(skill)));
  const achievementMissed = cv.expected.achievements.filter(
    (fragment) => !profile.achievements.some((found) => fold(found).includes(fold(fragment))),
  );
  return {
    jobs: {
      found: cv.expected.jobs.length - jobMissed.length,
      of: cv.expected.jobs.length,
      missed: jobMissed.map((job) => `${job.title} / ${job.employer}`),
    },
    skills: {
      found: cv.expected.skills.length - skillMissed.length,
      of: cv.expected.skills.length,
      missed: skillMissed,
    },
    achievements: {
      found: cv.expected.achievements.length - achievementMissed.length,
      of: cv.expected.achievements.length,
      missed: achievementMissed,
    },
  };
}

/** Reads the CV's file as an upload would be, and understands the text. */
export async function profileOf(cv: EvalCv): Promise<CvProfile> {
  const { text } = await readCvFile(fileOf(cv).toString("base64"));
  return understandCv(text);
}

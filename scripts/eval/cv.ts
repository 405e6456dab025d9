// npm run eval:cv — how much of each written CV (tests/data/cvs.ts) the offline reader finds:
// each is made into its file (PDF in one or two columns, DOCX with paragraphs or a table, plain
// text), read as an upload is (src/server/cv/read-cv-file.ts) and understood
// (src/server/cv/understand-cv.ts). Prints the share of jobs (title and employer), skills and
// achievements found, per CV and in all. VERBOSE=1 lists what was missed.
import { evalCvs } from "@tests/data/cvs";
import { profileOf, scoreProfile, type CvScore } from "@tests/support/cv-eval";

const verbose = Boolean(process.env.VERBOSE);
const total = { jobs: [0, 0], skills: [0, 0], achievements: [0, 0] } as Record<
  keyof CvScore,
  [number, number]
>;
const percent = (found: number, of: number) => `${Math.round((100 * found) / Math.max(1, of))}%`;

for (const cv of evalCvs) {
  const profile = await profileOf(cv);
  const score = scoreProfile(cv, profile);
  const parts = (Object.keys(total) as (keyof CvScore)[]).map((kind) => {
    total[kind][0] += score[kind].found;
    total[kind][1] += score[kind].of;
    return `${kind} ${score[kind].found}/${score[kind].of}`;
  });
  console.info(`${cv.name.padEnd(58)} [${cv.file}]  ${parts.join("  ")}`);
  if (verbose) {
    for (const kind of Object.keys(total) as (keyof CvScore)[]) {
      if (score[kind].missed.length > 0)
        console.info(`    missed ${kind}: ${score[kind].missed.join("; ")}`);
    }
    if (score.jobs.missed.length > 0)
      console.info(`    found jobs: ${JSON.stringify(profile.jobs)}`);
  }
}
console.info(
  `\n${evalCvs.length} CVs: jobs ${percent(...total.jobs)} (${total.jobs.join("/")}), skills ${percent(...total.skills)} (${total.skills.join("/")}), achievements ${percent(...total.achievements)} (${total.achievements.join("/")})`,
);

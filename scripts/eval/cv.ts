// npm run eval:cv — how much of each written CV the offline reader finds: each is made into its
// file (PDF in one or two columns, DOCX with paragraphs or a table, plain text), read as an
// upload is (src/server/cv/read-cv-file.ts) and understood (src/server/cv/understand-cv.ts).
// Prints, per CV and for each set, the share of jobs (title and employer both right), skills and
// achievements found, and how many jobs and skills were found that the CV does not list.
// - tests/data/cvs.ts: the set the rules were written against (their figures show no regression);
// - tests/data/cvs-held-out.ts: written afterwards and never tuned against (the honest figures).
// VERBOSE=1 lists what was missed and what was found in excess.
import { evalCvs, type EvalCv } from "@tests/data/cvs";
import { heldOutCvs } from "@tests/data/cvs-held-out";
import { profileOf, scoreProfile, type CvScore } from "@tests/support/cv-eval";

const verbose = Boolean(process.env.VERBOSE);
const kinds = ["jobs", "skills", "achievements"] as const;
const percent = (found: number, of: number) => `${Math.round((100 * found) / Math.max(1, of))}%`;

async function evaluate(title: string, cvs: EvalCv[]) {
  const total = Object.fromEntries(kinds.map((kind) => [kind, [0, 0]])) as Record<
    keyof CvScore,
    [number, number]
  >;
  const extra = { jobs: 0, skills: 0 };
  console.info(`\n${title}`);
  for (const cv of cvs) {
    const profile = await profileOf(cv);
    const score = scoreProfile(cv, profile);
    const parts = kinds.map((kind) => {
      total[kind][0] += score[kind].found;
      total[kind][1] += score[kind].of;
      return `${kind} ${score[kind].found}/${score[kind].of}`;
    });
    const extraJobs = Math.max(0, profile.jobs.length - score.jobs.found);
    const extraSkills = Math.max(0, profile.skills.length - score.skills.found);
    extra.jobs += extraJobs;
    extra.skills += extraSkills;
    console.info(
      `  ${cv.name.padEnd(62)} ${`[${cv.file}]`.padEnd(18)} ${parts.join("  ")}  (+${extraJobs} jobs, +${extraSkills} skills)`,
    );
    if (verbose) {
      for (const kind of kinds) {
        if (score[kind].missed.length > 0) {
          console.info(`      missed ${kind}: ${score[kind].missed.join("; ")}`);
        }
      }
      if (extraJobs > 0 || score.jobs.missed.length > 0) {
        console.info(`      found jobs: ${JSON.stringify(profile.jobs)}`);
      }
      if (extraSkills > 0) console.info(`      found skills: ${profile.skills.join(", ")}`);
    }
  }
  const figures = kinds.map(
    (kind) => `${kind} ${percent(...total[kind])} (${total[kind].join("/")})`,
  );
  console.info(
    `  ${cvs.length} CVs: ${figures.join(", ")}; found beyond the CVs: ${extra.jobs} jobs, ${extra.skills} skills`,
  );
}

await evaluate("Written against (tests/data/cvs.ts)", evalCvs);
await evaluate("Held out (tests/data/cvs-held-out.ts)", heldOutCvs);

import { readText } from "@/server/language/text";
import type { CvJob, CvProfile } from "@/shared/cv";

/**
 * What a CV says, offline (docs/decisions/0110): its jobs (title, employer, dates), its skills
 * and tools, and its achievements. CVs are laid out, not written in sentences, so the structure
 * comes from rules — section headings, date ranges, separators and bullets — and the language
 * toolkit (src/server/language/text.ts) judges the prose: whether a bullet carries a number the
 * model reads as a quantity, and which words of a line are names.
 */

type Section =
  "experience" | "skills" | "achievements" | "projects" | "education" | "summary" | "other";

const HEADINGS: [Section, RegExp][] = [
  [
    "experience",
    /^(?:(?:[a-z]+\s+){0,2})?(?:experience|history|employment(?: history)?|career(?: history)?|work history|positions?(?: held)?)$/,
  ],
  [
    "skills",
    /^(?:(?:key|core|technical|professional|relevant|other)\s+)?(?:skills?|competenc(?:ies|es)|expertise|tools?|technolog(?:y|ies)|tech stack|skills (?:and|&) (?:tools|technologies|expertise)|tools (?:and|&) technologies|strengths)$/,
  ],
  [
    "achievements",
    /^(?:key\s+|selected\s+)?(?:achievements?|accomplishments?|highlights?|awards?(?: (?:and|&) achievements)?)$/,
  ],
  ["projects", /^(?:key\s+|selected\s+|personal\s+|side\s+)?projects?$/],
  [
    "education",
    /^(?:education|qualifications?|training|certifications?|courses|education (?:and|&) (?:training|qualifications|certifications))$/,
  ],
  [
    "summary",
    /^(?:(?:professional|personal|career)\s+)?(?:summary|profile|objective|about(?: me)?)$/,
  ],
  [
    "other",
    /^(?:interests|hobbies|references|languages|volunteering|volunteer experience|publications|contact|personal details|additional information)$/,
  ],
];

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const POINT = `(?:(?:${MONTH}\\s+)?(?:19|20)\\d\\d|(?:0?[1-9]|1[0-2])/(?:19|20)\\d\\d)`;
const DATE_RANGE = new RegExp(
  `\\(?${POINT}\\s*(?:[-–—]+|to|until)\\s*(?:${POINT}|present|current|now|date|today)\\)?|\\(?(?:since|from)\\s+${POINT}\\)?|\\(?${POINT}\\)?`,
  "i",
);

/** Words that make a phrase a job title rather than an employer or a place. */
const TITLE_WORDS = new Set(
  `engineer developer manager analyst designer nurse teacher assistant director lead officer
  consultant specialist coordinator co-ordinator intern associate executive head architect scientist
  administrator representative accountant advisor adviser technician supervisor programmer tester
  researcher editor writer producer planner buyer clerk receptionist agent chef cook cashier
  owner founder co-founder president partner principal instructor tutor lecturer professor
  therapist pharmacist physician doctor paramedic midwife carer worker operator driver mechanic
  electrician apprentice trainee graduate volunteer strategist marketer recruiter controller
  auditor economist statistician librarian counsellor counselor surveyor estimator foreman
  owner-operator steward attendant barista server bartender merchandiser salesperson vp cto ceo
  cfo coo sre devops product owner scrum master ux ui`.split(/\s+/),
);

/** Places that follow an employer's name on the same line. */
const PLACE_WORDS = new Set(
  `remote hybrid london manchester birmingham leeds glasgow edinburgh bristol cardiff belfast
  dublin paris berlin amsterdam madrid new york san francisco boston chicago seattle austin
  toronto sydney melbourne singapore uk usa us ireland germany france india canada australia
  liverpool nottingham sheffield oxford cambridge york brighton remote-first onsite`.split(/\s+/),
);

/** Tools and skills named often enough in CVs to know on sight, wherever they are written. */
const KNOWN_SKILLS = `Python|JavaScript|TypeScript|Java|Kotlin|Swift|Go|Golang|Rust|C\\+\\+|C#|Ruby|PHP|Scala|R|SQL|PostgreSQL|MySQL|MongoDB|Redis|Kafka|Spark|Hadoop|Airflow|dbt|Snowflake|BigQuery|Tableau|Power BI|Looker|Excel|VBA|SAP|Salesforce|HubSpot|Zendesk|Jira|Confluence|Figma|Sketch|Adobe XD|Photoshop|Illustrator|InDesign|AWS|Azure|GCP|Google Cloud|Docker|Kubernetes|Terraform|Ansible|Jenkins|GitHub Actions|Git|Linux|React|Angular|Vue|Node\\.js|Django|Flask|Spring|\\.NET|GraphQL|REST|Agile|Scrum|Kanban|Lean|Six Sigma|PRINCE2|SEO|Google Analytics|Google Ads|Xero|QuickBooks|Sage|Epic|SystmOne|Microsoft Office|Word|PowerPoint|Outlook|Teams|Slack|Notion|Asana|Trello|Pandas|NumPy|TensorFlow|PyTorch|scikit-learn|Machine Learning|Stakeholder Management|Project Management|Budgeting|Forecasting|Negotiation|Coaching|Mentoring|Customer Service|Public Speaking|Data Analysis|Financial Modelling|Copywriting|Safeguarding|Phlebotomy|Medication Administration|Lesson Planning`;
const KNOWN_SKILL = new RegExp(`(?<![\\w+#.])(?:${KNOWN_SKILLS})(?![\\w+#])`, "g");

const BULLET = /^\s*(?:[-–—•●▪◦*·>]|\d+[.)])\s+/;

type Line = { text: string; bullet: boolean; section: Section };

export function understandCv(text: string): CvProfile {
  const lines = linesOf(text);
  const jobs = findJobs(lines);
  const skills = findSkills(lines, text, jobs);
  const achievements = findAchievements(lines);
  return {
    jobs: jobs.slice(0, 20),
    skills: skills.slice(0, 40),
    achievements: achievements.slice(0, 20),
  };
}

function headingOf(line: string): Section | null {
  const plain = line
    .replace(/[:|_=*#]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  if (plain.length === 0 || plain.length > 45) return null;
  for (const [section, pattern] of HEADINGS) if (pattern.test(plain)) return section;
  return null;
}

function linesOf(text: string): Line[] {
  let section: Section = "summary";
  const lines: Line[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const trimmed = raw.replace(/\s+$/, "").trim();
    if (trimmed === "") continue;
    const heading = headingOf(trimmed);
    if (heading) {
      section = heading;
      continue;
    }
    // "Skills: Python, SQL" — a heading with its content on the same line.
    const inline = /^([A-Za-z &]{3,40}):\s+(.+)$/.exec(trimmed);
    const inlineSection = inline ? headingOf(inline[1]!) : null;
    if (inline && inlineSection === "skills") {
      lines.push({ text: inline[2]!, bullet: false, section: "skills" });
      continue;
    }
    lines.push({
      text: trimmed.replace(BULLET, "").trim(),
      bullet: BULLET.test(trimmed),
      section,
    });
  }
  return lines;
}

// ---------------------------------------------------------------- jobs

function findJobs(lines: Line[]): CvJob[] {
  const hasExperience = lines.some((line) => line.section === "experience");
  const candidates = lines.filter((line) =>
    hasExperience ? line.section === "experience" : line.section !== "education",
  );
  const jobs: CvJob[] = [];
  const header = (line: Line | undefined) =>
    line && !line.bullet && !dateRangeIn(line.text) && isHeaderLike(line.text)
      ? splitHeader(cleanHeader(line.text))
      : [];
  for (let index = 0; index < candidates.length; index++) {
    const line = candidates[index]!;
    if (line.bullet) continue;
    const range = dateRangeIn(line.text);
    if (!range) continue;
    const dates = range.replace(/^\(|\)$/g, "").trim();
    // The header is the date line's own words when they name a title and an employer, else
    // with the short line above it (employer or title first), else with the line below.
    let parts = splitHeader(cleanHeader(line.text.replace(range, " ")));
    if (!complete(parts)) parts = [...header(candidates[index - 1]), ...parts];
    if (!complete(parts)) parts = [...parts, ...header(candidates[index + 1])];
    const job = jobFrom(parts, dates);
    if (job && !jobs.some((seen) => seen.title === job.title && seen.employer === job.employer)) {
      jobs.push(job);
    }
  }
  return jobs;
}

const DATE_RANGES = new RegExp(DATE_RANGE.source, "gi");

/** The first date range in the line ("2019 – 2023", "since May 2020"), not a lone year. */
function dateRangeIn(text: string): string | undefined {
  return [...text.matchAll(DATE_RANGES)].map((match) => match[0]).find(isRange);
}

/** A title and a name besides it. */
const complete = (parts: string[]) =>
  parts.some(isTitle) && parts.filter((part) => !isPlace(part) && looksLikeName(part)).length >= 2;

/** A header names things; a line that starts with a verb or runs long is a sentence. */
function isHeaderLike(text: string): boolean {
  if (text.length > 90) return false;
  const words = readText(text).tokens.filter((token) => /\w/.test(token.text));
  if (words.length === 0 || words.length > 12) return false;
  return words[0]!.pos !== "VERB" && !/ed$/.test(words[0]!.lower);
}

/** A single year is only a job's dates next to a title ("Engineer, Acme, 2021"). */
function isRange(text: string) {
  return /[-–—]|to|until|present|current|now|since|from/i.test(text);
}

function cleanHeader(text: string) {
  return text
    .replace(/\s{2,}|\t/g, " | ")
    .replace(/^[\s|,·–—-]+|[\s|,·–—-]+$/g, "")
    .trim();
}

function splitHeader(text: string): string[] {
  const at = /^(.+?)\s+(?:at|@)\s+(.+)$/i.exec(text);
  if (at) return [at[1]!, ...splitHeader(at[2]!)];
  return text
    .split(/\s*(?:\||·|•|—|–|\s-\s|,)\s*/)
    .map((part) => part.replace(/^[(\s]+|[)\s]+$/g, "").trim())
    .filter((part) => part.length > 1);
}

function isTitle(part: string): boolean {
  const words = part.toLowerCase().split(/[\s/&]+/);
  return words.some((word) => TITLE_WORDS.has(word.replace(/[^a-z-]/g, "")));
}

function isPlace(part: string): boolean {
  const words = part.toLowerCase().split(/\s+/);
  return words.every((word) => PLACE_WORDS.has(word.replace(/[^a-z-]/g, "")));
}

function jobFrom(parts: string[], dates: string): CvJob | null {
  const useful = parts.filter((part) => !isPlace(part) && /[a-z]/i.test(part));
  if (useful.length === 0) return null;
  const titleAt = useful.findIndex(isTitle);
  const title = titleAt >= 0 ? useful[titleAt]! : useful[0]!;
  const employer =
    useful.find((part, at) => at !== (titleAt >= 0 ? titleAt : 0) && looksLikeName(part)) ?? "";
  if (!employer && titleAt < 0) return null;
  return { title: tidy(title), employer: tidy(employer), dates };
}

/** An employer is a name: most of its words start with a capital (or it is one short word). */
function looksLikeName(part: string): boolean {
  if (part.length > 60) return false;
  const doc = readText(part);
  const words = doc.tokens.filter((token) => /\w/.test(token.text));
  if (words.length === 0) return false;
  const named = words.filter(
    (token) => /^[A-Z0-9&]/.test(token.text) || token.pos === "PROPN" || token.stop,
  );
  return named.length / words.length >= 0.6;
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/[.;:]$/, "")
    .trim();

// ---------------------------------------------------------------- skills

function findSkills(lines: Line[], text: string, jobs: CvJob[]): string[] {
  const skills: string[] = [];
  const seen = new Set<string>();
  const add = (skill: string) => {
    const cleaned = tidy(skill.replace(/\(.*?\)/g, "").replace(/^(?:and|&)\s+/i, ""));
    const key = cleaned.toLowerCase();
    if (cleaned.length < 1 || cleaned.length > 40 || seen.has(key)) return;
    if (cleaned.split(/\s+/).length > 4 || /\d{4}/.test(cleaned)) return;
    seen.add(key);
    skills.push(cleaned);
  };
  for (const line of lines) {
    if (line.section !== "skills") continue;
    // "Languages: Python, Go" keeps what follows the label.
    const listed = line.text.replace(/^[A-Za-z &/]{2,30}:\s*/, "");
    for (const item of listed.split(/\s*(?:,|;|\||•|·|\/(?!\w{1,3}\b)|\s-\s|\t|\s{2,})\s*/))
      add(item);
  }
  const employers = new Set(jobs.map((job) => job.employer.toLowerCase()));
  for (const match of text.matchAll(KNOWN_SKILL)) {
    if (!employers.has(match[0].toLowerCase())) add(match[0]);
  }
  return skills;
}

// ---------------------------------------------------------------- achievements

/** Quantities the toolkit reads, beyond dates: a number, a percentage, an amount of money. */
const QUANTITY = /^(?:CARDINAL|PERCENT|MONEY|ORDINAL|DURATION)$/;

function findAchievements(lines: Line[]): string[] {
  const achievements: string[] = [];
  for (const line of lines) {
    if (line.section === "education" || line.section === "skills" || line.section === "other") {
      continue;
    }
    const text = line.text;
    if (text.length < 15 || text.length > 300) continue;
    if (dateRangeIn(text) && !line.bullet && text.length < 90) continue;
    if (/@|https?:|\+?\d[\d ()-]{8,}\d/.test(text)) continue;
    if (!/\d/.test(text)) continue;
    const doc = readText(text.replace(DATE_RANGE, " "));
    const counted = doc.entities.some((entity) => QUANTITY.test(entity.type));
    const hasVerb = doc.tokens.some((token) => token.pos === "VERB");
    const sentenceLike = !isHeaderLike(text);
    if (counted && (hasVerb || line.bullet || line.section === "achievements" || sentenceLike)) {
      achievements.push(text.replace(/[.;]$/, ""));
    }
  }
  return achievements;
}

// npm run eval:role-questions — records every role set's question (docs/decisions/0072) as a job seeker's
// interviewer would ask it, for eval:offline to measure against the same targets as the general
// bank's recordings: one voice per question in turn (slt, awb, rms) at flite's pace, and every
// fourth question again with pink noise at a true 20 dB signal-to-noise ratio, every fourth also
// in kal (a voice the general recordings do not use); and twenty things people say that are not
// interview questions, in two voices each, which the recogniser must refuse or flag now that the
// grammar has the role sets' thousand-odd phrasings to force them onto. Each goes through real
// Chromium's MediaRecorder (tests/support/speech.ts), cached in .cache/eval-role-questions/ with
// a manifest.json in eval:offline's format; the npm script then runs eval:offline on that folder
// alone, so the figures are the role questions' own. Needs Debian's flite, sox and chromium.
import { writeFileSync } from "node:fs";
import path from "node:path";
import pLimit from "p-limit";
import { loadQuestionBank } from "@/server/library/answer-library";
import { recordSpeech, requireSpeechTools, type Speech } from "@tests/support/speech";

requireSpeechTools("eval:role-questions");
const dir = path.resolve(import.meta.dirname, "../../.cache/eval-role-questions");
const VOICES = ["slt", "awb", "rms"];

const questions = loadQuestionBank().filter((entry) => entry.role);
const wanted: (Speech & { id: string })[] = questions.flatMap((entry, k) => [
  { id: `${entry.id}.${VOICES[k % 3]}`, text: entry.question, voice: VOICES[k % 3]! },
  ...(k % 4 === 0
    ? [
        {
          id: `${entry.id}.${VOICES[(k + 1) % 3]}.noise20`,
          text: entry.question,
          voice: VOICES[(k + 1) % 3]!,
          noiseSnrDb: 20,
        },
      ]
    : []),
  ...(k % 4 === 2 ? [{ id: `${entry.id}.kal`, text: entry.question, voice: "kal" }] : []),
]);

const OFF_TOPIC = [
  "Can you hear me okay, my microphone has been acting up all morning.",
  "Let me share my screen so you can see the slides.",
  "I think the weather is going to be nice this weekend.",
  "Could you repeat that please, the line cut out.",
  "What time is the meeting tomorrow and who else is coming?",
  "Tell me a joke about cats.",
  "What is your favorite color?",
  "How much does the parking cost near the office?",
  "I had pasta for lunch and it was really good.",
  "My flight was delayed by two hours yesterday.",
  "Do you know where the nearest train station is?",
  "Please send me the report by Friday afternoon.",
  "We should book a table for dinner on Saturday.",
  "Is it going to rain later today?",
  "I forgot my password again, can you reset it?",
  "The football match last night went to penalties.",
  "Can you recommend a good book to read on holiday?",
  "My cat knocked the coffee off the table this morning.",
  "How long does it take to drive to the airport from here?",
  "Thanks for your time, I will wait for your email.",
];
const offTopic: (Speech & { id: string })[] = OFF_TOPIC.flatMap((text, k) =>
  [VOICES[k % 3]!, VOICES[(k + 1) % 3]!].map((voice) => ({
    id: `off-topic-${k + 1}.${voice}`,
    text,
    voice,
  })),
);
wanted.push(...offTopic);

console.info(
  `${questions.length} role questions and ${OFF_TOPIC.length} off-topic sentences, ${wanted.length} recordings`,
);
const limit = pLimit(2); // two Chromium recorders at once on this 2-core machine
let made = 0;
const recordings = await Promise.all(
  wanted.map(({ id, ...speech }) =>
    limit(async () => {
      const { webm } = await recordSpeech(speech, dir);
      if (++made % 20 === 0 || made === wanted.length)
        console.info(`  recorded ${made}/${wanted.length} (cached ones are instant)`);
      return {
        id,
        file: path.basename(webm),
        text: speech.text,
        voice: speech.voice,
        noise_snr_db: speech.noiseSnrDb ?? null,
        in_bank: !id.startsWith("off-topic"),
      };
    }),
  ),
);
writeFileSync(
  path.join(dir, "manifest.json"),
  `${JSON.stringify({ about: "Made by scripts/eval/role-questions.ts", recordings }, null, 2)}\n`,
);

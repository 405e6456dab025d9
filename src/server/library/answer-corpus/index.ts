import behavioural from "./behavioural.json";
import earlyCareer from "./early-career.json";
import everyday from "./everyday.json";
import frontline from "./frontline.json";
import general from "./general.json";
import roles from "./roles.json";
import stories from "./stories.json";

/**
 * Spoken-style text written for the answer recogniser's language model, beside the library's
 * model answers: answers as people say them (behavioural stories, the other question types, across
 * many jobs and at every level of quality) and everyday talk about other things, so an off-topic
 * answer is heard as what it is. One answer or monologue per string. Not shown to users; written
 * for this, never copied, and never tuned against the evaluation sets. Why:
 * docs/decisions/0073-a-written-answer-corpus.md.
 */
export const writtenCorpus = {
  behavioural,
  stories,
  general,
  roles,
  earlyCareer,
  frontline,
  everyday,
} satisfies Record<string, string[]>;

export type WrittenCorpusName = keyof typeof writtenCorpus;

/** The rubric's view of words: lower-cased, stop words out, crudely stemmed. */

const STOP_WORDS = new Set(
  (
    "a an the and or but so if then than that this these those there here it its it's i me my " +
    "mine we us our you your he she they them their is are was were be been being am do does did " +
    "have has had having to of in on at by for with about as into from up down out over under " +
    "again very just really also too not no yes can could would should will shall may might must " +
    "what which who whom when where why how all any both each few more most other some such only " +
    "own same one ones um uh er erm like know mean well okay ok actually basically literally " +
    "thing things something get got go going went make made lot lots way kind sort " +
    "i'm i'd i've i'll we're we'd we've we'll you're you'd you've they're they'd it'll that's " +
    "there's what's don't didn't doesn't can't won't wouldn't isn't wasn't every ever even " +
    "still always never much many"
  ).split(" "),
);

/** Lower-case words, template brackets ("[your role]") left out. */
export function words(text: string): string[] {
  return (
    text
      .replace(/\[[^\]]*\]/g, " ")
      .toLowerCase()
      .match(/[a-z0-9][a-z0-9'’-]*/g) ?? []
  ).map((word) => word.replace(/’/g, "'"));
}

/** A crude stem: enough to meet "delivered" with "delivery" and "teams" with "team". */
function stem(word: string): string {
  return word
    .replace(/'s$/, "")
    .replace(/(ies|ied)$/, "y")
    .replace(/(ing|ed|es|s|ly|ment|ion|ery|er)$/, "")
    .slice(0, 7);
}

/** The stems of the words that carry content, in order, repeats kept. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
    .map(stem);
}

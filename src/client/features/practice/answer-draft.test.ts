// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { mockFunctions } from "@tests/support/functions-network";
import { createAnswerDraft } from "./answer-draft";

/**
 * The chunks of an answer sent ahead while it is spoken, on the network (MSW): once the answer
 * goes whole, what was still waiting behind a slow request is not sent after it.
 */
const network = mockFunctions();

const question = "Tell me about a time you led a project.";
const sentSeqs = () =>
  network.calls
    .filter((call) => call.name === "answer-draft")
    .map((call) => (call.body as { seq: number }).seq);

describe("createAnswerDraft", () => {
  it("sends every chunk in order when the server keeps up", async () => {
    network.answer("answer-draft", { drafting: true });
    const draft = createAnswerDraft({ everyMs: 0 });
    draft.push(new Blob(["one"]), false, question);
    draft.push(new Blob(["two"]), true, question);
    await draft.flushed(5_000);
    expect(sentSeqs()).toEqual([0, 1]);
    expect(network.calls.at(-1)?.body).toMatchObject({ seq: 1, done: true });
  });

  it("drops what still waits behind a slow request once the answer goes whole", async () => {
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    network.answer("answer-draft", { drafting: true, thought: "open" }, slow);
    const draft = createAnswerDraft({ everyMs: 60_000 });
    // The speaker pauses: what was said goes at once, and the server takes its time hearing it.
    const heard = draft.listen(new Blob(["so far"]), question);
    // They stop; the last piece waits behind that request, and the answer goes whole without it.
    draft.push(new Blob(["the end"]), true, question);
    await draft.flushed(50);
    release();
    expect(await heard).toBe("open");
    await draft.flushed(5_000);
    // The server forgets a draft when its answer arrives: a later chunk would be refused (409).
    expect(sentSeqs()).toEqual([0]);

    // The next answer drafts as before.
    draft.push(new Blob(["next"]), true, question);
    await draft.flushed(5_000);
    expect(sentSeqs()).toEqual([0, 0]);
  });
});

import { html, htmlDocument, type Html } from "@/server/http/html";
import { MAX_COMMENT_NAME_CHARS, MAX_COMMENT_TEXT_CHARS, type ShareComment } from "@/shared/share";
import type { SharedSession } from "./share-store";

/**
 * The page a share link opens (docs/decisions/0111): the session's questions, its report and its
 * answers (their words only when the owner chose to share them), the comments left on each answer
 * and a form to leave one. Rendered on the server without scripts; everything a user or a
 * commenter wrote goes through the escaping `html` tag. The owner's email is never on it.
 */

const day = (date: Date | string) =>
  new Date(date).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
const score = (value: number) => value.toFixed(1);

export type CommentProblem = { attemptId: string; message: string; name?: string; text?: string };

export function sharedPage(
  shared: SharedSession,
  title: string,
  nonce: string,
  options: { action: string; problem?: CommentProblem; notice?: string },
): string {
  const { session, link, comments } = shared;
  const report = session.report;
  const answersOf = (index: number) =>
    session.attempts.filter((attempt) => attempt.questionIndex === index);
  const commentsOf = (attemptId: string) =>
    comments.filter((comment) => comment.attemptId === attemptId);

  const averages = report.averages
    ? html`<dl>
        <dt>Overall</dt>
        <dd>${score(report.averages.overall)} / 5</dd>
        <dt>Clarity</dt>
        <dd>${score(report.averages.clarity)} / 5</dd>
        <dt>Relevance</dt>
        <dd>${score(report.averages.relevance)} / 5</dd>
        <dt>Timing</dt>
        <dd>${score(report.averages.timing)} / 5</dd>
      </dl>`
    : html`<p class="muted">No answers yet.</p>`;
  const workOn =
    report.workOn.length > 0
      ? html`<h3>What to work on next</h3>
          <ul>
            ${report.workOn.map((item) => html`<li>${item.text}</li>`)}
          </ul>`
      : "";

  const questions = session.questions.map((question) => {
    const answers = answersOf(question.index);
    return html`<section class="card" aria-labelledby="question-${question.index}">
      <h2 id="question-${question.index}">Question ${question.index + 1}: ${question.question}</h2>
      ${answers.length === 0 ? html`<p class="muted">Not answered.</p>` : ""}
      ${answers.map(
        (answer) =>
          html`<article
            id="answer-${answer.id}"
            aria-label="${answer.followUp ? "Answer to the follow-up" : "Answer"}"
          >
            <p>
              <span class="badge">${answer.followUp ? "Follow-up answer" : "Answer"}</span>
              <strong>${score(answer.scores.overall)} / 5</strong>
              <span class="muted">
                (clarity ${score(answer.scores.clarity)}, relevance
                ${score(answer.scores.relevance)}, timing ${score(answer.scores.timing)})</span
              >
            </p>
            ${
              link.includeTranscript
                ? html`${
                      answer.approximate
                        ? html`<p class="muted">
                            <span class="badge badge-warn">Approximate transcript</span> What the
                            offline recogniser heard; it was unsure of some words.
                          </p>`
                        : ""
                    }
                    <blockquote class="pre-wrap">${answer.transcript}</blockquote>`
                : html`<p class="muted">The answer's words are not shared.</p>`
            }
            ${commentList(commentsOf(answer.id))}
            ${commentForm(
              answer.id,
              `Comment on the answer to question ${question.index + 1}${answer.followUp ? "'s follow-up" : ""}`,
              options.action,
              options.problem,
            )}
          </article>`,
      )}
    </section>`;
  });

  const body = html`<h1>${title}</h1>
    <p class="muted">
      A practice session shared with you on ${day(session.createdAt)}, read-only. The link works
      until ${day(link.expiresAt)} unless it is revoked.
    </p>
    ${options.notice ? html`<p class="alert alert-success" role="status">${options.notice}</p>` : ""}
    <section class="card" aria-labelledby="report">
      <h2 id="report">Report</h2>
      <p>${report.answered} of ${session.questions.length} questions answered.</p>
      ${averages} ${workOn}
    </section>
    ${questions}`;
  return htmlDocument(`${title} (shared)`, body, { nonce, wide: true });
}

function commentList(comments: ShareComment[]): Html | string {
  if (comments.length === 0) return "";
  return html`<h3>Comments</h3>
    <ul class="plain">
      ${comments.map(
        (comment) =>
          html`<li>
            <strong>${comment.name}</strong>
            <span class="muted">${day(comment.createdAt)}</span>
            <p class="pre-wrap">${comment.text}</p>
          </li>`,
      )}
    </ul>`;
}

function commentForm(
  attemptId: string,
  label: string,
  action: string,
  problem?: CommentProblem,
): Html {
  const mine = problem?.attemptId === attemptId ? problem : undefined;
  const id = (field: string) => `${field}-${attemptId}`;
  return html`<form method="post" action="${action}" aria-label="${label}">
    ${mine ? html`<p class="alert alert-error" role="alert">${mine.message}</p>` : ""}
    <input type="hidden" name="attemptId" value="${attemptId}" />
    <div class="field">
      <label for="${id("name")}">Your name</label>
      <input
        id="${id("name")}"
        name="name"
        required
        maxlength="${MAX_COMMENT_NAME_CHARS}"
        autocomplete="name"
        value="${mine?.name ?? ""}"
      />
    </div>
    <div class="field">
      <label for="${id("text")}">Comment</label>
      <textarea
        id="${id("text")}"
        name="text"
        required
        maxlength="${MAX_COMMENT_TEXT_CHARS}"
        rows="3"
      >
${mine?.text ?? ""}</textarea>
    </div>
    <button class="btn btn-secondary" type="submit">Leave a comment</button>
  </form>`;
}

/** The answer to a link that is unknown, expired or revoked: nothing about what it was. */
export function sharedPageGone(nonce: string): string {
  return htmlDocument(
    "Link not available",
    html`<div class="card">
      <h1>This link is not available</h1>
      <p class="muted">
        It may have expired or been revoked by the person who shared it. Ask them for a new one.
      </p>
    </div>`,
    { nonce },
  );
}

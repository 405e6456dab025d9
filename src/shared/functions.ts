import { z } from "zod";
import { deleteAccountBodySchema, deleteAccountResultSchema } from "./auth";
import {
  cvSchema,
  deleteCvResponseSchema,
  getCvResponseSchema,
  readCvRequestSchema,
  readCvResponseSchema,
  saveCvRequestSchema,
} from "./cv";
import {
  billingRedirectSchema,
  checkSubscriptionRequestSchema,
  subscriptionStatusSchema,
} from "./billing";
import {
  answerDraftRequestSchema,
  answerDraftResponseSchema,
  correctTranscriptRequestSchema,
  evaluateAnswerRequestSchema,
  feedbackSchema,
  queueStatusSchema,
} from "./feedback";
import { freeAnswersResponseSchema, freeQuestionRequestSchema } from "./free-answers";
import {
  generateAnswerRequestSchema,
  generateAnswerResponseSchema,
  practiceConfigResponseSchema,
  transcribeAudioRequestSchema,
  transcribeAudioResponseSchema,
} from "./practice";
import {
  attemptDetailSchema,
  deleteMyHistoryResponseSchema,
  exportMyDataResponseSchema,
  idRequestSchema,
  interviewProgressSchema,
  listAttemptsRequestSchema,
  listAttemptsResponseSchema,
  listHistoryResponseSchema,
  progressRequestSchema,
  progressResponseSchema,
  resumeInterviewResponseSchema,
  saveInterviewProgressRequestSchema,
  sessionDetailSchema,
  sessionSchema,
  startSessionRequestSchema,
} from "./sessions";
import {
  createShareRequestSchema,
  createShareResponseSchema,
  deleteShareCommentResponseSchema,
  listShareCommentsRequestSchema,
  listShareCommentsResponseSchema,
  listSharesResponseSchema,
  revokeShareResponseSchema,
} from "./share";

/**
 * Every server function at `POST /functions/v1/{name}`: its name, what it takes and what it
 * answers, in one table (docs/decisions/0095). The server validates each body with `request`
 * (`functionBody` in src/server/http/validate.ts), the browser's `invokeFunction` is typed by it
 * and parses each answer with `response`, and `GET /functions/v1/openapi.json` is generated from
 * it. A function missing here cannot be mounted or called.
 *
 * Imported only by code that already loads zod (never by the landing page's first load).
 */

/** The body of a function that takes none: nothing, `{}`, and no other field. */
const noBodySchema = z.strictObject({});

export const functions = {
  "check-subscription": {
    summary: "The signed-in user's subscription; `refresh` re-reads the payment provider first.",
    request: checkSubscriptionRequestSchema,
    response: subscriptionStatusSchema,
  },
  "create-checkout": {
    summary: "Where to pay for Premium (the portal, for someone who already subscribes).",
    request: noBodySchema,
    response: billingRedirectSchema,
  },
  "customer-portal": {
    summary: "Where the user manages their subscription.",
    request: noBodySchema,
    response: billingRedirectSchema,
  },
  "delete-account": {
    summary: "Closes the account, confirmed by its email and password.",
    request: deleteAccountBodySchema,
    response: deleteAccountResultSchema,
  },
  "transcribe-audio": {
    summary: "A recorded question (base64 WebM/Opus) as text.",
    request: transcribeAudioRequestSchema,
    response: transcribeAudioResponseSchema,
  },
  "generate-interview-answer": {
    summary: "A sample answer to a question; `stream: true` answers as server-sent events.",
    request: generateAnswerRequestSchema,
    response: generateAnswerResponseSchema,
  },
  "evaluate-answer": {
    summary: "Scores the user's own answer (recorded or typed) and stores it as an attempt.",
    request: evaluateAnswerRequestSchema,
    response: feedbackSchema,
  },
  "correct-transcript": {
    summary:
      "Scores a spoken answer again from the user's corrected transcript, keeping the recording's delivery; updates the same attempt.",
    request: correctTranscriptRequestSchema,
    response: feedbackSchema,
  },
  "answer-draft": {
    summary: "The next chunk of an answer still being recorded, heard ahead of the whole.",
    request: answerDraftRequestSchema,
    response: answerDraftResponseSchema,
  },
  "queue-status": {
    summary: "Where the user's spoken answer waits for the offline recogniser.",
    request: noBodySchema,
    response: queueStatusSchema,
  },
  "free-answers": {
    summary: "How many of the account's free Quick Practice answers are used and left.",
    request: noBodySchema,
    response: freeAnswersResponseSchema,
  },
  "free-question": {
    summary:
      "A Quick Practice question to answer free, for an account without Premium that has a free answer left.",
    request: freeQuestionRequestSchema,
    response: sessionSchema,
    /** A new session: 201 Created. */
    status: 201,
  },
  "practice-config": {
    summary: "Which engines this server runs, and its limits.",
    request: noBodySchema,
    response: practiceConfigResponseSchema,
  },
  "start-session": {
    summary: "The questions of a new AI Interviewer, Quick Practice or company session.",
    request: startSessionRequestSchema,
    response: sessionSchema,
    /** A new session: 201 Created (every other function answers 200). */
    status: 201,
  },
  "list-attempts": {
    summary: "A page of the user's answers, newest first.",
    request: listAttemptsRequestSchema,
    response: listAttemptsResponseSchema,
  },
  "list-history": {
    summary:
      "A page of the user's history, newest first: the tries of one question together, a session's answers under it.",
    request: listAttemptsRequestSchema,
    response: listHistoryResponseSchema,
  },
  "get-attempt": {
    summary: "One answer with its feedback and the question's trend.",
    request: idRequestSchema,
    response: attemptDetailSchema,
  },
  "get-session": {
    summary: "A session, its answers and its report.",
    request: idRequestSchema,
    response: sessionDetailSchema,
  },
  "save-interview-progress": {
    summary: "Where an AI Interviewer session stands: the question or follow-up being asked.",
    request: saveInterviewProgressRequestSchema,
    response: interviewProgressSchema,
  },
  "resume-interview": {
    summary:
      "The user's unfinished AI Interviewer session of the last day, and its answers so far.",
    request: noBodySchema,
    response: resumeInterviewResponseSchema,
  },
  progress: {
    summary: "One point per answer, counts and the streak.",
    request: progressRequestSchema,
    response: progressResponseSchema,
  },
  "export-my-data": {
    summary: "Everything held about the user, as JSON to download.",
    request: noBodySchema,
    response: exportMyDataResponseSchema,
  },
  "read-cv": {
    summary:
      "The text of an uploaded CV (PDF, DOCX or plain text, base64, at most 2 MB), for the user to review; nothing is stored.",
    request: readCvRequestSchema,
    response: readCvResponseSchema,
  },
  "save-cv": {
    summary:
      "Keeps the user's reviewed CV text (replacing their CV) with the jobs, skills and achievements understood from it.",
    request: saveCvRequestSchema,
    response: cvSchema,
  },
  "get-cv": {
    summary: "The user's CV, or null, and whether a cloud model would read it.",
    request: noBodySchema,
    response: getCvResponseSchema,
  },
  "delete-cv": {
    summary: "Deletes the user's CV.",
    request: noBodySchema,
    response: deleteCvResponseSchema,
  },
  "create-share": {
    summary:
      "A read-only link to one of the user's sessions for a coach (its token shown once), expiring after 14 days unless `days` says otherwise.",
    request: createShareRequestSchema,
    response: createShareResponseSchema,
    status: 201,
  },
  "list-shares": {
    summary: "The user's share links: what each shows, when it expires, when it was last opened.",
    request: noBodySchema,
    response: listSharesResponseSchema,
  },
  "revoke-share": {
    summary: "Ends one of the user's share links at once.",
    request: idRequestSchema,
    response: revokeShareResponseSchema,
  },
  "list-share-comments": {
    summary: "The comments left through share links on one of the user's sessions.",
    request: listShareCommentsRequestSchema,
    response: listShareCommentsResponseSchema,
  },
  "delete-share-comment": {
    summary: "Deletes a comment left on one of the user's share links.",
    request: idRequestSchema,
    response: deleteShareCommentResponseSchema,
  },
  "delete-my-history": {
    summary: "Deletes the user's sessions, answers and CV.",
    request: noBodySchema,
    response: deleteMyHistoryResponseSchema,
  },
} as const satisfies Record<
  string,
  { summary: string; request: z.ZodType; response: z.ZodType; status?: 201 }
>;

export type FunctionName = keyof typeof functions;
type Functions = typeof functions;
/** What a caller sends to function `N` (before the schema's defaults and transforms). */
export type FunctionRequest<N extends FunctionName> = z.input<Functions[N]["request"]>;
/** What function `N` answers with. */
export type FunctionResponse<N extends FunctionName> = z.output<Functions[N]["response"]>;

import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Feedback } from "@/shared/feedback";
import type { DraftUpTo, RecognisedPart } from "@/server/ai/offline/transcribe-worker";

/**
 * The whole schema. Migrations are generated from this file (`npm run db:generate`) and
 * checked in under ./migrations; the server applies them at start-up on PGlite and Postgres.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Small key/value settings the server creates on first start (e.g. the public client key). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- auth

/** A row's own id: a random UUID the database makes. */
const generatedId = () => uuid("id").primaryKey().defaultRandom();

export const users = pgTable(
  "users",
  {
    id: generatedId(),
    /** Trimmed and lower-cased before it is stored. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>().notNull().default({}),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** Where a confirmation e-mail would send the user, kept for when confirmation is on. */
    confirmationRedirectTo: text("confirmation_redirect_to"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * An email change waiting for its confirmations: the new address, and which of the two
     * mailed addresses (`current`, `new`) has confirmed so far (docs/decisions/0080).
     */
    emailChange: text("email_change"),
    emailChangeConfirmed: text("email_change_confirmed").$type<"current" | "new">(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** The user a row belongs to; the row goes when the account goes (`ON DELETE CASCADE`). */
const ownerId = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const identities = pgTable(
  "identities",
  {
    id: generatedId(),
    userId: ownerId(),
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("identities_provider_key").on(t.provider, t.providerId),
    index("identities_user_id_idx").on(t.userId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: generatedId(),
    userId: ownerId(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /**
     * Opened by a password-recovery link or code and no password set since: the one session that
     * may set a new password without giving the current one (docs/decisions/0071).
     */
    recovery: boolean("recovery").notNull().default(false),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    parentId: bigint("parent_id", { mode: "number" }),
    revoked: boolean("revoked").notNull().default(false),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The child token, encrypted with a key derived from this (parent) token, so a client that
     * presents its just-rotated token within the reuse interval gets the same child back. Useless
     * without the parent token, which is never stored.
     */
    successor: text("successor"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_session_id_idx").on(t.sessionId),
  ],
);

export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  algorithm: text("algorithm").notNull(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  /** `current` signs new tokens; `previous` only verifies until its tokens have expired. */
  status: text("status").$type<"current" | "previous" | "retired">().notNull(),
  createdAt: createdAt(),
  rotatedAt: timestamp("rotated_at", { withTimezone: true }),
});

/**
 * The secrets behind emailed links and codes (recovery, sign-up confirmation, email change):
 * SHA-256 hashes only, single use, expiring; a new one replaces the user's older one of its type.
 */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: generatedId(),
    userId: ownerId(),
    /** `email_change` goes to the new address, `email_change_current` to the current one. */
    type: text("type")
      .$type<"recovery" | "signup" | "email_change" | "email_change_current">()
      .notNull(),
    /** SHA-256 of the link's token. */
    tokenHash: text("token_hash").notNull(),
    /** SHA-256 of the token id and the 6-digit code. */
    codeHash: text("code_hash").notNull(),
    /** The address the mail went to (for an email change, the new address). */
    email: text("email").notNull(),
    /** Wrong codes entered so far; at the limit the token is deleted. */
    attempts: integer("attempts").notNull().default(0),
    /**
     * The PKCE challenge of the browser that asked for the mail (RFC 7636): its link then
     * answers with an auth code that only that browser can exchange (docs/decisions/0082).
     */
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method").$type<"s256" | "plain">(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_time_tokens_token_hash_key").on(t.tokenHash),
    index("one_time_tokens_email_type_idx").on(t.email, t.type),
    index("one_time_tokens_user_id_idx").on(t.userId),
  ],
);

/**
 * What a followed PKCE link leaves for its browser (GoTrue's flow state): an auth code, stored
 * hashed, exchanged once with the code verifier at `POST /token?grant_type=pkce` within minutes.
 */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: generatedId(),
    userId: ownerId(),
    /** SHA-256 of the auth code. */
    codeHash: text("code_hash").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    codeChallengeMethod: text("code_challenge_method").$type<"s256" | "plain">().notNull(),
    /** The session it opens may set a password without the current one (a recovery link). */
    recovery: boolean("recovery").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_codes_code_hash_key").on(t.codeHash),
    index("auth_codes_user_id_idx").on(t.userId),
  ],
);

/** Fixed-window counters shared by every instance that uses this database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    /** When the count last grew: failed sign-ins back off from it (docs/decisions/0081). */
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * The built-in outbox (a loopback site without SMTP): the mails the server would have sent,
 * shown at /outbox so every flow works offline. Never written when SMTP is configured.
 */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: generatedId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    link: text("link").notNull(),
    code: text("code").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_mails_created_at_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- billing

export const customers = pgTable(
  "customers",
  {
    userId: ownerId().primaryKey(),
    provider: text("provider").$type<"stripe" | "local">().notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customers_provider_customer_key").on(t.provider, t.customerId)],
);

/** Our copy of each user's best subscription, written only by the billing sync. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: ownerId().primaryKey(),
    provider: text("provider").$type<"stripe" | "local">().notNull(),
    subscriptionId: text("subscription_id").notNull(),
    customerId: text("customer_id").notNull(),
    status: text("status").notNull(),
    tier: text("tier").notNull(),
    priceId: text("price_id"),
    /** Start of the current billing period; a past_due grace period is measured from it. */
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_customer_id_idx").on(t.customerId)],
);

/** Provider webhook events already handled, so a redelivery is skipped. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in test payment provider's own records (what Stripe would hold for us). */
export const localCheckoutSessions = pgTable(
  "local_checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("local_checkout_sessions_user_id_idx").on(t.userId)],
);

export const localSubscriptions = pgTable(
  "local_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    status: text("status").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** Last four digits and brand only: card numbers are never stored. */
    cardBrand: text("card_brand").notNull(),
    cardLast4: text("card_last4").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("local_subscriptions_user_id_idx").on(t.userId)],
);

export const localPayments = pgTable(
  "local_payments",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    subscriptionId: text("subscription_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"succeeded" | "failed">().notNull(),
    description: text("description").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardLast4: text("card_last4").notNull(),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
  },
  (t) => [index("local_payments_user_id_idx").on(t.userId)],
);

/** Short-lived, user-bound links to the built-in subscription management page. */
export const localPortalSessions = pgTable("local_portal_sessions", {
  tokenHash: text("token_hash").primaryKey(),
  userId: ownerId(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- practice

/**
 * Every answer the user had scored (evaluate-answer): what was asked, what was heard or typed,
 * and the feedback. The recording itself is never kept. Scores are columns, for the progress
 * chart; the rest is the feedback as the user saw it.
 */
/**
 * The free Quick Practice answers an account without Premium has used (docs/decisions/0120):
 * counted here rather than from its attempts, which the user may delete at any time, so deleting
 * the history never gives the answers back. Gone with the account.
 */
export const freeAnswers = pgTable("free_answers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  used: integer("used").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A practice session (docs/decisions/0072): the questions chosen for one AI Interviewer run, one Quick
 * Practice question or one company set, in order. Its answers are attempts pointing at it.
 */
export const practiceSessions = pgTable(
  "practice_sessions",
  {
    id: generatedId(),
    userId: ownerId(),
    mode: text("mode").$type<"interview" | "quick" | "company">().notNull(),
    role: text("role"),
    level: text("level"),
    company: text("company"),
    /** SessionQuestion[] (src/shared/sessions.ts). */
    questions: jsonb("questions").$type<unknown[]>().notNull(),
    /** Words the offline recogniser should expect in this session's answers (company, job post). */
    vocabulary: jsonb("vocabulary").$type<string[]>().notNull().default([]),
    /** AI Interviewer: how hard the interviewer presses (docs/decisions/0105); null otherwise. */
    pressure: text("pressure").$type<"friendly" | "realistic" | "tough">(),
    /**
     * AI Interviewer: where the interview stands (InterviewProgress, src/shared/sessions.ts),
     * saved at every turn so a reload or another device resumes it (docs/decisions/0104).
     */
    progress: jsonb("progress").$type<Record<string, unknown>>(),
    progressAt: timestamp("progress_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("practice_sessions_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const attempts = pgTable(
  "attempts",
  {
    id: generatedId(),
    userId: ownerId(),
    /** The practice session question this answers, as the client named it (`attemptOf`). */
    attemptOf: text("attempt_of"),
    /** The session and its question, when `attemptOf` named one of the user's sessions. */
    sessionId: uuid("session_id").references(() => practiceSessions.id, { onDelete: "cascade" }),
    questionIndex: integer("question_index"),
    /** An answer to the interviewer's follow-up rather than to the question itself. */
    followUp: boolean("follow_up").notNull().default(false),
    /** interview | quick | company, or own (the user's own recorded question). */
    mode: text("mode").$type<"interview" | "quick" | "company" | "own">().notNull().default("own"),
    role: text("role"),
    category: text("category"),
    /** The same question asked again has the same key (the bank id, or the normalised text). */
    questionKey: text("question_key").notNull().default(""),
    question: text("question").notNull(),
    transcript: text("transcript").notNull(),
    transcriber: text("transcriber").$type<"openai" | "offline" | "typed">().notNull(),
    evaluator: text("evaluator").$type<"openai" | "offline">().notNull(),
    approximate: boolean("approximate").notNull(),
    overall: real("overall").notNull(),
    clarity: real("clarity").notNull(),
    relevance: real("relevance").notNull(),
    timing: real("timing").notNull(),
    delivery: jsonb("delivery").$type<Record<string, unknown>>(),
    structure: jsonb("structure").$type<Record<string, boolean>>(),
    strengths: jsonb("strengths").$type<string[]>().notNull(),
    improvements: jsonb("improvements").$type<string[]>().notNull(),
    summary: text("summary").notNull(),
    /**
     * What each line of `strengths` and `improvements` rests on (docs/decisions/0091), so a
     * report re-opened from the history shows the same highlights; null on answers stored before.
     */
    evidence: jsonb("evidence").$type<NonNullable<Feedback["evidence"]>>(),
    /**
     * The user corrected what the recogniser heard and the answer was scored again from their
     * words, keeping the recording's delivery (correct-transcript; docs/decisions/0092).
     */
    transcriptCorrected: boolean("transcript_corrected").notNull().default(false),
    /**
     * The key the client made for this answer (`answerId`), so the same answer sent again — a
     * retry after a lost response, or a job run again after its worker died — is stored once.
     */
    answerKey: uuid("answer_key"),
    /**
     * SHA-256 of what was sent under `answerKey` (question, session question, words or recording),
     * so the key sent again with a different answer is refused instead of answered with this one.
     */
    answerDigest: text("answer_digest"),
    /** To the millisecond, as JavaScript holds it, so a keyset cursor names a row exactly. */
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // A user's attempts, newest first: the history list's keyset pages (all, or one mode) and the
  // progress chart; one question's attempts for its trend; a session's answers for its report.
  (t) => [
    // DESC NULLS FIRST, as `ORDER BY … DESC` sorts, or the planner cannot walk the index.
    index("attempts_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("attempts_user_mode_created_idx").on(
      t.userId,
      t.mode,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("attempts_user_question_idx").on(
      t.userId,
      t.questionKey,
      t.createdAt.desc().nullsFirst(),
    ),
    index("attempts_session_idx").on(t.sessionId),
    uniqueIndex("attempts_user_answer_key_idx").on(t.userId, t.answerKey),
  ],
);

/**
 * How many answers each user gave on each UTC day, kept by triggers on `attempts` (migration
 * 0009) so the progress counts and the streak read a few hundred small rows, not every attempt.
 */
export const attemptDays = pgTable(
  "attempt_days",
  {
    userId: ownerId(),
    day: date("day", { mode: "string" }).notNull(),
    answers: integer("answers").notNull(),
  },
  // The key's index serves `WHERE user_id = $1 ORDER BY day DESC` (scanned backwards).
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The user's CV (docs/decisions/0110): one per account, its text as the user reviewed it and what
 * was understood from it. The uploaded file itself is never kept.
 */
export const cvs = pgTable("cvs", {
  userId: ownerId().primaryKey(),
  /** The uploaded file's name; null when the text was pasted. */
  fileName: text("file_name"),
  format: text("format").$type<"pdf" | "docx" | "text">().notNull(),
  text: text("text").notNull(),
  /** CvProfile (src/shared/cv.ts): jobs, skills, achievements. */
  profile: jsonb("profile").$type<Record<string, unknown>>().notNull(),
  reader: text("reader").$type<"offline" | "openai">().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A read-only link to one of the user's sessions, for a coach or a friend (docs/decisions/0111):
 * the token is shown once and only its SHA-256 is kept; it expires, and the owner can revoke it.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: generatedId(),
    userId: ownerId(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => practiceSessions.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token. */
    tokenHash: text("token_hash").notNull(),
    /** Whether the page shows what the user said, or only the questions and scores. */
    includeTranscript: boolean("include_transcript").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("share_links_token_hash_key").on(t.tokenHash),
    index("share_links_user_id_idx").on(t.userId),
    index("share_links_session_id_idx").on(t.sessionId),
  ],
);

/** A comment left on one answer through a share link; the owner sees and deletes it. */
export const shareComments = pgTable(
  "share_comments",
  {
    id: generatedId(),
    shareId: uuid("share_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    /** As the commenter typed it; escaped wherever it is shown. */
    name: text("name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("share_comments_share_id_idx").on(t.shareId),
    index("share_comments_attempt_id_idx").on(t.attemptId),
  ],
);

/** Bytes as PostgreSQL keeps them (`bytea`); a Uint8Array on either driver. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * An answer sent ahead while it is spoken (answer-draft; docs/decisions/0070, 0150): the recording
 * so far and what the recogniser has heard of it, so any web process takes the next chunk and any
 * worker hears more of it or finishes it. One per user, no larger than an answer's recording;
 * deleted when the answer is scored, and swept once it has expired.
 */
export const answerDrafts = pgTable(
  "answer_drafts",
  {
    userId: ownerId().primaryKey(),
    /** Made again by every chunk 0: a decoding of an earlier recording never lands on this one. */
    recording: uuid("recording").notNull().defaultRandom(),
    /** The browser's name for the recording, which its later chunks give. */
    draftId: text("draft_id").notNull(),
    question: text("question").notNull(),
    nextSeq: integer("next_seq").notNull(),
    /** The last chunk has come: the recording is whole. */
    done: boolean("done").notNull(),
    audio: bytes("audio").notNull(),
    /**
     * The segments heard so far, covering the recording's first `resumeAt` samples, heard from its
     * first `bytes` bytes as far as `upTo`.
     */
    heard: jsonb("heard")
      .$type<{ parts: RecognisedPart[]; resumeAt: number; bytes: number; upTo: DraftUpTo }>()
      .notNull(),
    /** A few minutes after the last chunk. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("answer_drafts_expires_at_idx").on(t.expiresAt)],
);

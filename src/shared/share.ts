import { z } from "zod";

/**
 * Share links (docs/decisions/0111): a read-only page of one session for a coach, at
 * `/shared/{token}`, and the comments left on its answers. The owner's functions: create-share,
 * list-shares, revoke-share, list-share-comments, delete-share-comment.
 */

/** How long a link lasts unless the owner chooses otherwise, and at most. */
export const SHARE_DAYS_DEFAULT = 14;
const SHARE_DAYS_MAX = 30;

/** A coach's comment: a name and the text. */
export const MAX_COMMENT_NAME_CHARS = 60;
export const MAX_COMMENT_TEXT_CHARS = 2000;

export const createShareRequestSchema = z.strictObject({
  sessionId: z.uuid({ error: "sessionId must be a UUID" }),
  /** Show what the user said in each answer; otherwise the questions, scores and advice only. */
  transcript: z.boolean({ error: "transcript must be true or false" }),
  days: z
    .number()
    .int()
    .min(1, "days must be 1 to 30")
    .max(SHARE_DAYS_MAX, "days must be 1 to 30")
    .optional(),
});

export const shareLinkSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  /** What the link shows, in the history's words ("AI Interviewer · Software engineer"). */
  title: z.string(),
  includeTranscript: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  comments: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const createShareResponseSchema = shareLinkSchema.extend({
  /** The page's address with its token: shown once, never stored. */
  url: z.string(),
});

export const listSharesResponseSchema = z.object({ shares: z.array(shareLinkSchema) });

export const revokeShareResponseSchema = z.object({ revoked: z.boolean() });

export const listShareCommentsRequestSchema = z.strictObject({
  sessionId: z.uuid({ error: "sessionId must be a UUID" }),
});

export const shareCommentSchema = z.object({
  id: z.string(),
  attemptId: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type ShareComment = z.infer<typeof shareCommentSchema>;

export const listShareCommentsResponseSchema = z.object({
  comments: z.array(shareCommentSchema),
});

export const deleteShareCommentResponseSchema = z.object({ deleted: z.boolean() });

/** The shared page's comment form. */
export const commentFormSchema = z.object({
  attemptId: z.uuid(),
  name: z.string().trim().min(1).max(MAX_COMMENT_NAME_CHARS),
  text: z.string().trim().min(1).max(MAX_COMMENT_TEXT_CHARS),
});

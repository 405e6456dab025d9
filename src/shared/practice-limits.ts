/**
 * Limits of the practice flow, shared by the browser (which enforces them first, to save a
 * pointless upload) and the server (which enforces them always).
 */

/** The recorder stops itself after this long; the server rejects longer recordings. */
export const MAX_RECORDING_SECONDS = 120;

/** Slack the server allows over MAX_RECORDING_SECONDS (the recorder stops a little late). */
export const RECORDING_DURATION_SLACK_SECONDS = 5;

/** Largest decoded recording accepted, in bytes (two minutes of Opus is well under 2 MB). */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

/** Base64 of MAX_AUDIO_BYTES, padded: ~14 MB. */
export const MAX_AUDIO_BASE64_CHARS = Math.ceil(MAX_AUDIO_BYTES / 3) * 4;

/** Body size limit of transcribe-audio: the base64 plus room for the JSON around it. */
export const MAX_TRANSCRIBE_BODY_BYTES = MAX_AUDIO_BASE64_CHARS + 4 * 1024;

/** Longest question accepted, in characters (after trimming). */
export const MAX_QUESTION_CHARS = 2000;

/** Body size limit of generate-interview-answer: the question JSON-escaped at worst (\uXXXX). */
export const MAX_ANSWER_BODY_BYTES = MAX_QUESTION_CHARS * 6 + 4 * 1024;

import type { Context, Env, MiddlewareHandler } from "hono";
import { zValidator, type Hook } from "@hono/zod-validator";
import type { z } from "zod";
import { functions, type FunctionName } from "@/shared/functions";
import { ApiError, validationFailed, type SchemaError } from "./errors";

/**
 * One way to validate a request: a zod schema, and the hook of the request's wire format that
 * answers when the schema says no. Three formats, three hooks:
 *
 * - `functionBody(name)` — a server function's body, checked with its request schema from the
 *   function table (src/shared/functions.ts), in our envelope: 400 `bad_json`, or 400
 *   `validation_failed` with `details: [{ path, message }]` (`validationFailed`).
 * - `gotrueJson` / `gotrueBody` (src/server/auth/validate.ts, GoTrue's shape under /auth/v1,
 *   built on `jsonValidator` here): 400 `bad_json` (also for JSON that is not an object), 400
 *   `validation_failed` with the route's message for the first bad field, and text PostgreSQL
 *   cannot store (NUL, lone surrogates) refused before the schema.
 * - `webForm` — the local billing pages' form posts (`zValidator("form")`): the page's own HTML
 *   answer.
 *
 * JSON bodies are read whatever their Content-Type says (supabase-js sends
 * `application/json;charset=UTF-8`, `functions.invoke` sends no type at all for an empty body,
 * curl users send anything). `zValidator("json")` cannot do that: it skips bodies not labelled
 * JSON and throws its own `HTTPException` on malformed JSON before a hook sees it. So JSON goes
 * through `jsonValidator` below, which parses the text itself and then does what `zValidator`
 * does (parse with the schema, call the hook, `addValidatedData("json")`) with the same `Hook`
 * type. Handlers read the result with `c.req.valid("json")`.
 */

export type JsonFormat = {
  /** The error for a body that is not JSON. */
  notJson: () => Error;
  /** A check of the parsed body before the schema; the error to answer with, if any. */
  check?: (value: unknown) => Error | undefined;
  /** Called with the schema's result; throws the format's error when it failed. */
  hook: Hook<unknown, Env, string, "json">;
};

type JsonOptions<T extends z.ZodType> = {
  /** What a request without a body (or with a blank or `null` one) stands for. */
  empty?: z.input<T>;
};

type JsonInput<T extends z.ZodType> = { in: { json: z.input<T> }; out: { json: z.output<T> } };

/** The request's JSON body checked against `schema`, or the format's error thrown. */
export async function validJson<T extends z.ZodType>(
  c: Context,
  schema: T,
  format: JsonFormat,
  options: JsonOptions<T> = {},
): Promise<z.output<T>> {
  let value: unknown;
  const text = await c.req.text();
  if (options.empty !== undefined && text.trim() === "") {
    value = options.empty;
  } else {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      throw format.notJson();
    }
    if (options.empty !== undefined) value ??= options.empty;
  }
  const refused = format.check?.(value);
  if (refused) throw refused;
  const result = await schema.safeParseAsync(value);
  await format.hook({ ...result, data: value, target: "json" }, c);
  if (!result.success) throw format.notJson(); // every hook throws first; this is a backstop
  return result.data;
}

export function jsonValidator<T extends z.ZodType, E extends Env = Env, P extends string = string>(
  schema: T,
  format: JsonFormat,
  options: JsonOptions<T> = {},
): MiddlewareHandler<E, P, JsonInput<T>> {
  return async (c, next) => {
    c.req.addValidatedData("json", (await validJson(c, schema, format, options)) as object);
    await next();
  };
}

// ---------------------------------------------------------------- /functions/v1: our envelope

/**
 * The functions' hook: 400 `validation_failed` saying what the request should be (`message`)
 * with the field problems as `details`. `refine` may name a more precise error first (e.g. the
 * practice codes `question_required`, `question_too_long`).
 */
function functionsHook(
  message: string,
  refine?: (error: SchemaError) => ApiError | undefined,
): Hook<unknown, Env, string, "json"> {
  return (result) => {
    if (result.success) return;
    throw refine?.(result.error) ?? validationFailed(message, result.error);
  };
}

const notJson = () => new ApiError("bad_json", "The request body must be JSON.");

/** A JSON body for a server function, any Content-Type; see `functionsHook` and `functionBody`. */
function functionsJson<T extends z.ZodType, E extends Env = Env>(
  schema: T,
  message: string,
  options: JsonOptions<T> & { refine?: (error: SchemaError) => ApiError | undefined } = {},
) {
  return jsonValidator<T, E>(
    schema,
    {
      notJson,
      // Text PostgreSQL cannot store would fail the insert later, as a 500.
      check: (value) =>
        storable(value) ? undefined : new ApiError("validation_failed", unstorableText),
      hook: functionsHook(message, options.refine),
    },
    options,
  );
}

/**
 * The body of server function `name`, checked with its request schema from the function table
 * (src/shared/functions.ts); `message` says what the request should be (by default, for a
 * function that takes none: nothing). A function whose request may be `{}` may also be sent with
 * no body at all (supabase-js sends none without one).
 */
export function functionBody<N extends FunctionName, E extends Env = Env>(
  name: N,
  message = "This function takes no request fields.",
  options: { refine?: (error: SchemaError) => ApiError | undefined } = {},
) {
  type Request = (typeof functions)[N]["request"];
  // One schema of the table, seen through its input and output (TypeScript cannot narrow
  // `functions[name]` for a generic `name` by itself).
  const schema = functions[name].request as unknown as z.ZodType<
    z.output<Request>,
    z.input<Request>
  >;
  const takesEmpty = schema.safeParse({}).success;
  return functionsJson<typeof schema, E>(schema, message, {
    ...options,
    ...(takesEmpty ? { empty: {} as z.input<Request> } : {}),
  });
}

/** What `storable` refusing a body says. */
export const unstorableText =
  "Request holds text that cannot be stored (NUL characters, broken Unicode) or is nested too deeply";

/** NUL and unpaired surrogates are valid JSON but PostgreSQL text and jsonb refuse them. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function storable(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !unstorable.test(value);
  if (value === null || typeof value !== "object") return true;
  if (depth > 32) return false;
  return Object.entries(value).every(
    ([key, item]) => !unstorable.test(key) && storable(item, depth + 1),
  );
}

// ---------------------------------------------------------------- /billing pages: web forms

/** Whether the request is a web form (the only bodies the billing pages read). */
export function isWebForm(c: Context): boolean {
  const type = c.req.header("content-type") ?? "";
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type);
}

/**
 * A web form for one of the billing pages (`zValidator("form")`). A body that is not a form
 * reads as `{}`; check `isWebForm` where that matters. `invalid` renders the page's answer.
 */
export function webForm<T extends z.ZodType, E extends Env = Env, P extends string = string>(
  schema: T,
  invalid: (c: Context<E, P>) => Response | Promise<Response>,
) {
  const hook: Hook<unknown, E, P, "form"> = (result, c) => {
    if (!result.success) return invalid(c);
  };
  return zValidator<T, "form", E, P, typeof hook>("form", schema, hook);
}

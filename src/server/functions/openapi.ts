import { z } from "zod";
import { errorEnvelopeSchema } from "@/shared/errors";
import { functions, type FunctionName } from "@/shared/functions";

/**
 * The OpenAPI 3.1 document of the server functions, generated from the function table
 * (src/shared/functions.ts) with zod's own `z.toJSONSchema` (docs/decisions/0095): each request
 * schema as the caller writes it (`io: "input"`), each answer as the server writes it (`output`).
 * Served at `GET /functions/v1/openapi.json`.
 */

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as is; the document names the dialect once. */
function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

/** What a request to function `name` may carry, as the document lists it. */
const requestJsonSchema = (name: FunctionName) => jsonSchema(functions[name].request, "input");
/** What function `name` answers, as the document lists it. */
const responseJsonSchema = (name: FunctionName) => jsonSchema(functions[name].response, "output");

const requestIdHeader = {
  description: "The request's id, also in every error body and in the server's log lines.",
  schema: { type: "string" },
};

function operation(name: FunctionName) {
  const entry: (typeof functions)[FunctionName] = functions[name];
  const status = "status" in entry ? entry.status : 200;
  return {
    operationId: name,
    summary: entry.summary,
    requestBody: {
      // Functions whose request may be `{}` may also be sent without a body.
      required: !entry.request.safeParse({}).success,
      content: { "application/json": { schema: requestJsonSchema(name) } },
    },
    responses: {
      [status]: {
        description: entry.summary,
        headers: { "X-Request-Id": requestIdHeader },
        content: { "application/json": { schema: responseJsonSchema(name) } },
      },
      default: {
        description:
          "An error: `code` says which (its HTTP status follows from it), `details` lists a " +
          "validation failure's field problems, `requestId` names the request in the logs.",
        headers: { "X-Request-Id": requestIdHeader },
        content: {
          "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } },
        },
      },
    },
  };
}

export function functionsOpenApi(siteUrl: string) {
  const names = Object.keys(functions) as FunctionName[];
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Interview Coach functions",
      version: "1",
      description:
        "Every server function is `POST /functions/v1/{name}` with a JSON body and the user's " +
        "access token (`Authorization: Bearer …`). check-subscription, queue-status and " +
        "practice-config also answer GET.",
    },
    servers: [{ url: `${siteUrl}/functions/v1` }],
    security: [{ accessToken: [] }],
    paths: Object.fromEntries(names.map((name) => [`/${name}`, { post: operation(name) }])),
    components: {
      securitySchemes: { accessToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, "output") },
    },
  };
}

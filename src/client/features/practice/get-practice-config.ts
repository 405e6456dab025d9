import { practiceConfigResponse, type PracticeConfigResponse } from "@/shared/practice";
import { invokeFunction } from "@/client/lib/api-client";

/** practice-config: which engines this server uses, and its limits. */
export const getPracticeConfig = (signal?: AbortSignal): Promise<PracticeConfigResponse> =>
  invokeFunction("practice-config", { schema: practiceConfigResponse, body: {}, signal });

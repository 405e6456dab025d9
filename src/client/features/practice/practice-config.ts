import { practiceConfigResponse, type PracticeConfigResponse } from "@/shared/practice";
import { invokePractice } from "./practice-request";

/** practice-config: which engines this server uses, and its limits. */
export async function fetchPracticeConfig(
  signal?: AbortSignal,
): Promise<PracticeConfigResponse | null> {
  const parsed = practiceConfigResponse.safeParse(
    await invokePractice("practice-config", {}, signal),
  );
  return parsed.success ? parsed.data : null;
}

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import "@/client/lib/zod-setup";

/** Field name → first message, for the fields a zod schema refused. */
export function fieldErrors<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { data: z.infer<T>; errors: null } | { data: null; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/**
 * A form's messages, field name → message. A field's message goes as soon as that field is edited
 * (`clearEdited`, the form's onChange): a corrected field no longer shows the last submit's error.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clearEdited = (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement;
    if (name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  return { errors, setErrors, clearEdited };
}

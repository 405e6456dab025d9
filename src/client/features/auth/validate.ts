import { useRef, useState, type FormEvent } from "react";
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

/**
 * A form of one field: checked by `schema` before `send`, which answers an error or null. The
 * field's message is the check's or `send`'s; on a failure the field is focused again (and its
 * text selected, so a wrong code is typed over). `busy` while sending; a second submit waits.
 */
export function useOneFieldForm<T extends z.ZodType>(
  schema: T,
  send: (data: z.infer<T>) => Promise<string | null>,
) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = fieldErrors(schema, Object.fromEntries(new FormData(event.currentTarget)));
    setError(checked.errors ? Object.values(checked.errors)[0] : undefined);
    if (!checked.data) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const failure = await send(checked.data);
      if (failure) {
        setError(failure);
        input.current?.select();
      }
    } finally {
      setBusy(false);
    }
  }
  return { error, setError, busy, input, submit };
}

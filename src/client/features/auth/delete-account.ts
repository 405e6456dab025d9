import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountBody, DeleteAccountResult } from "@/shared/auth";
import { invokeFunction } from "@/client/lib/api-client";

/** `delete-account`: closes the account after the typed email and password confirm it. */
const deleteAccount = (body: DeleteAccountBody): Promise<DeleteAccountResult> =>
  invokeFunction("delete-account", body);

/** Deleting the account; a failure toasts the server's reason (lib/query-client.ts). */
export const useDeleteAccount = (onDeleted: () => void) =>
  useMutation({
    mutationFn: deleteAccount,
    meta: { errorToast: { title: "Account not deleted" } },
    onSuccess: onDeleted,
  });

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import type { SaveCvRequest } from "@/shared/cv";
import { queryKeys } from "@/client/lib/query-keys";

/** The CV's calls: get-cv, read-cv (an upload's text, for review), save-cv, delete-cv. */

export const useCv = () =>
  useQuery({
    queryKey: queryKeys.cv,
    queryFn: ({ signal }) => invokeFunction("get-cv", {}, { signal }),
    meta: { errorToast: { title: "Failed to load your CV" } },
  });

/** The file as base64 (a data: URL, which read-cv accepts as it is). */
function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/** Its errors are shown beside the file field, not toasted: they say what to do next. */
export const useReadCv = () =>
  useMutation({
    mutationFn: async (file: File) =>
      invokeFunction("read-cv", { fileName: file.name, data: await fileAsBase64(file) }),
  });

export const useSaveCv = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (cv: SaveCvRequest) => invokeFunction("save-cv", cv),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.cv }),
    meta: { errorToast: { title: "Failed to save your CV" } },
  });
};

export const useDeleteCv = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => invokeFunction("delete-cv", {}),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.cv }),
    meta: { errorToast: { title: "Failed to delete your CV" } },
  });
};

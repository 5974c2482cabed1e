import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importCreatedSchema, type ImportCreated } from '@/shared/schemas/imports';
import { postMultipart } from '@/web/lib/upload';
import { IMPORTS_KEY } from './get-import';

export interface ImportUpload {
  file: File;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

/** `POST /api/imports` as multipart (the field "file"), with upload progress. */
export async function uploadImport({ file, onProgress }: ImportUpload): Promise<ImportCreated> {
  const form = new FormData();
  form.append('file', file, file.name);
  const created = await postMultipart('/imports', form, importCreatedSchema, (loaded, total) => {
    if (total > 0) onProgress?.(Math.min(1, loaded / total));
  });
  onProgress?.(1);
  return created;
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
  });
}

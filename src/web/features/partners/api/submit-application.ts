import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerApplicationSchema, type DocumentKind, type PartnerApplication, type PartnerType } from '@/shared/schemas/partners';
import { postMultipart } from '@/web/lib/upload';
import { MY_APPLICATIONS_KEY } from './get-my-applications';

export interface ApplicationUpload {
  type: PartnerType;
  fields: Record<string, string | boolean | undefined>;
  documents: { kind: DocumentKind; file: File }[];
  /** Per document (its index in `documents`), the share uploaded so far, 0 to 1. */
  onProgress?: (progress: number[]) => void;
}

/**
 * The share of each file sent, from the bytes of the whole body sent so far: the files go in order, after the
 * small text fields, so each file's share is where the count stands within its own bytes.
 */
export function progressPerFile(sizes: readonly number[], loaded: number, total: number): number[] {
  const files = sizes.reduce((sum, size) => sum + size, 0);
  // The fields and multipart headers come first; they are what the body has beyond the files.
  let offset = Math.max(0, total - files);
  return sizes.map((size) => {
    const share = size === 0 ? (loaded >= offset ? 1 : 0) : Math.min(1, Math.max(0, (loaded - offset) / size));
    offset += size;
    return share;
  });
}

/**
 * `POST /api/partner-applications` as multipart: `type` first (the server checks each document against it as it
 * arrives), the fields, then the documents named by kind, with the progress of each.
 */
export function submitApplication({ type, fields, documents, onProgress }: ApplicationUpload): Promise<PartnerApplication> {
  const form = new FormData();
  form.append('type', type);
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') form.append(name, String(value));
  }
  for (const { kind, file } of documents) form.append(kind, file, file.name);
  const sizes = documents.map(({ file }) => file.size);

  return postMultipart('/partner-applications', form, partnerApplicationSchema, (loaded, total) =>
    onProgress?.(progressPerFile(sizes, loaded, total)),
  ).then((application) => {
    onProgress?.(sizes.map(() => 1));
    return application;
  });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY }),
  });
}

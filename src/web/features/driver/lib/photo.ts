import { PROOF_PHOTO_MAX_BYTES } from '@/shared/upload-limits';

/** Long side of a proof photo once shrunk: enough to read a face and a parcel label, small on a slow network. */
export const PROOF_PHOTO_MAX_SIDE = 1600;

/** The size to draw a width × height picture at so its long side is at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide = PROOF_PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function isAcceptablePhoto(file: { type: string; size: number }): boolean {
  return /^image\/(jpeg|png|webp)$/.test(file.type) && file.size <= PROOF_PHOTO_MAX_BYTES;
}

/**
 * A phone camera's 4–12 MB photo re-encoded as a JPEG of at most 1600 px, so it uploads on a slow network; the
 * original when the browser cannot decode it (the server then judges the original).
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const size = fitWithin(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && size.height === bitmap.height && file.size < 1024 * 1024) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return blob && blob.size < file.size ? new File([blob], 'proof.jpg', { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}

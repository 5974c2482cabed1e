/** Bytes in the megabyte the texts name ("at most 2 MB"). */
export const MEGABYTE = 1024 * 1024;
/** The largest profile picture accepted (the web checks first to spare an upload; the server checks the bytes). */
export const AVATAR_MAX_BYTES = 2 * MEGABYTE;
/** The largest proof-of-delivery photo accepted. */
export const PROOF_PHOTO_MAX_BYTES = 10 * MEGABYTE;
/** The largest document of a partner application (decision 024). */
export const DOCUMENT_MAX_BYTES = 10 * MEGABYTE;

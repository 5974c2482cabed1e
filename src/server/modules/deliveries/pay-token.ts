import { randomToken, sha256 } from '../../lib/crypto.js';

/**
 * A pay-on-delivery link's token (decision 053): 128 random bits, base64url, in the receiver's SMS only; the delivery
 * keeps its SHA-256 (a high-entropy secret needs no slow hash). The shape check keeps junk from reaching the database.
 */
export const PAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const generatePayToken = () => randomToken(16);

export const hashPayToken = (token: string) => sha256(`pay-link\0${token}`);

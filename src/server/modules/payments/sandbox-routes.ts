import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto.js';
import { escapeHtml } from '../../lib/html.js';
import { sessionTokenOf } from '../../plugins/auth.js';
import { formatNaira } from '../../../shared/money.js';
import type { SandboxRepository } from '../../adapters/payments/sandbox-repository.js';
import { SANDBOX_CHECKOUT_PATH } from '../../adapters/payments/sandbox-gateway.js';

const referenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/) });


/** Only same-origin paths: the stored callback is ours, but a redirect target is checked regardless. */
function safeCallback(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/dashboard';
}

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#111827;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:28px;width:min(420px,92vw);box-sizing:border-box}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:6px 0;color:#374151}.amount{font-size:2rem;font-weight:700;color:#111827;margin:16px 0}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:2px 10px;font-size:.8rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:.9rem;margin:16px 0}dt{color:#4b5563}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:12px;margin-top:20px}form{flex:1}button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;padding:12px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;text-decoration:none}
.approve{background:#166534;color:#fff;border:0}.decline{background:#fff;color:#991b1b;border:1px solid #991b1b}
button:focus-visible,a.button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function sendCheckoutNotFound(reply: FastifyReply) {
  return sendHtml(
    reply,
    404,
    page('Checkout not found', '<h1>Checkout not found</h1><p>This payment link is not valid.</p>'),
  );
}

function sendSignInPrompt(reply: FastifyReply) {
  return sendHtml(
    reply,
    401,
    page(
      'Sign in to pay',
      '<h1>Sign in to pay</h1><p>Your session has ended. Sign in to Lanefreight and start the payment again.</p><div class="actions"><a class="button approve" href="/login">Sign in</a></div>',
    ),
  );
}

function sendFormRefused(reply: FastifyReply) {
  return sendHtml(
    reply,
    403,
    page(
      'Payment not confirmed',
      '<h1>Payment not confirmed</h1><p>This request did not come from the checkout page. Go back to Lanefreight and start the payment again.</p><div class="actions"><a class="button approve" href="/dashboard">Return to Lanefreight</a></div>',
    ),
  );
}


/**
 * Bound to the session and the charge: only a page rendered for this session can approve this charge, and
 * another site cannot read it. No storage: the server recomputes it from the cookie the post carries.
 */
function csrfTokenFor(sessionToken: string, reference: string): string {
  return createHmac('sha256', sessionToken).update(`sandbox-checkout\0${reference}`).digest('base64url');
}

/** The browser says the post comes from our own pages (Sec-Fetch-Site), or names our origin (Origin). */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  return origin !== undefined && (origin === publicOrigin || origin === `${request.protocol}://${request.host}`);
}

/** The form's csrf field; null when the body is not a well-formed small multipart form (files included). */
async function readCsrfField(request: FastifyRequest): Promise<string | null> {
  if (!request.isMultipart()) return null;
  let csrf = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') return null;
      if (part.fieldname === 'csrf' && typeof part.value === 'string') csrf = part.value;
    }
  } catch {
    // Busboy's parse errors (no boundary, truncated, over the limits) carry no status: they are the client's.
    return null;
  }
  return csrf;
}

/**
 * The sandbox gateway's checkout: a plain HTML page (no script; the CSP forbids inline code) whose two
 * forms record the payer's decision and send them back to the app, as a hosted checkout would.
 * Only the signed-in payer of the charge sees it or acts on it; everyone else finds no checkout there.
 * The forms post multipart (what the app's CSRF rule accepts from a page without script) with a token
 * bound to the session and the charge, and must come from our own origin (decision 018).
 */
export function sandboxCheckoutRoutes(options: {
  repository: SandboxRepository;
  publicUrl: string;
}): FastifyPluginAsyncZod {
  const { repository } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  /**
   * An open charge (anyone holding its checkout may pay: a receiver's pay-on-delivery payment, decision 053, who has
   * no account) binds its form token to the charge alone; the reference (96 random bits) is the secret.
   */
  const openChargeToken = (reference: string) => `open-charge\0${reference}`;

  /** The charge, if it is open or the request's session belongs to its payer; otherwise the reply already sent. */
  async function ownedCharge(request: FastifyRequest, reply: FastifyReply, reference: string) {
    const charge = await repository.findCharge(reference, { pendingMayBeStale: true });
    if (charge?.open) return { charge, sessionToken: openChargeToken(reference) };
    const sessionToken = sessionTokenOf(request);
    if (!request.user || !sessionToken) return { sent: sendSignInPrompt(reply) };
    if (!charge || charge.payerUserId !== request.user.id) return { sent: sendCheckoutNotFound(reply) };
    return { charge, sessionToken };
  }

  /** A post that did not come from the checkout page rendered for this session (or open charge) and charge. */
  function refuseForm(request: FastifyRequest, reply: FastifyReply, reference: string) {
    request.log.warn({ reference }, 'sandbox checkout post refused: not from its page');
    return sendFormRefused(reply);
  }

  return async (app) => {
    await app.register(multipart, {
      limits: { files: 0, fields: 4, fieldSize: 256, parts: 4 },
    });

    app.get(
      '/payments/sandbox/checkout/:reference',
      {
        config: { public: true },
        schema: { tags: ['payments'], summary: 'Sandbox checkout page (the payer only)', params: referenceParams },
      },
      async (request, reply) => {
        const owned = await ownedCharge(request, reply, request.params.reference);
        if (!owned.charge) return owned.sent;
        const { charge, sessionToken } = owned;
        const ref = encodeURIComponent(charge.reference);
        const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(csrfTokenFor(sessionToken, charge.reference))}">`;
        const form = (decision: 'approve' | 'decline', label: string) =>
          `<form method="post" enctype="multipart/form-data" action="${SANDBOX_CHECKOUT_PATH}/${ref}/${decision}">${csrf}<button class="${decision}" type="submit">${label}</button></form>`;
        const details = `<dl><dt>Merchant</dt><dd>Lanefreight</dd><dt>Email</dt><dd>${escapeHtml(charge.email)}</dd><dt>Reference</dt><dd>${escapeHtml(charge.reference)}</dd></dl>`;
        const head = `<span class="badge">Sandbox: no real money moves</span><h1>Pay Lanefreight</h1><p class="amount">${escapeHtml(formatNaira(charge.amountKobo))}</p>${details}`;
        const body =
          charge.status === 'pending'
            ? `${head}<div class="actions">${form('approve', 'Approve payment')}${form('decline', 'Decline')}</div>`
            : `${head}<p>This checkout is already ${charge.status === 'success' ? 'paid' : 'declined'}.</p><div class="actions"><a class="button approve" href="${escapeHtml(safeCallback(charge.callbackUrl))}">Return to Lanefreight</a></div>`;
        return sendHtml(reply, 200, page('Sandbox checkout · Lanefreight', body));
      },
    );

    for (const decision of ['approve', 'decline'] as const) {
      app.post(
        `/payments/sandbox/checkout/:reference/${decision}`,
        {
          config: { public: true },
          schema: {
            tags: ['payments'],
            summary: `Sandbox checkout: ${decision} (the payer only; multipart form with its csrf field)`,
            params: referenceParams,
            body: z.unknown().optional(),
          },
        },
        async (request, reply) => {
          const { reference } = request.params;
          const status = decision === 'approve' ? 'success' : 'failed';
          const csrf = await readCsrfField(request);
          const sameOrigin = isSameOrigin(request, publicOrigin);
          const fromPageOf = (sessionToken: string) => sameOrigin && csrf !== null && safeEqual(csrf, csrfTokenFor(sessionToken, reference));
          if (fromPageOf(openChargeToken(reference))) {
            // An open charge's form: the decision is one statement (only while the charge is open and pending), and the
            // charge is read only when that wrote nothing (decided before, not open, or none).
            const charge = (await repository.decideCharge(reference, status, { openOnly: true })) ?? (await repository.findCharge(reference, { pendingMayBeStale: true }));
            if (!charge?.open) return sendCheckoutNotFound(reply);
            return reply.status(303).header('cache-control', 'no-store').redirect(safeCallback(charge.callbackUrl), 303);
          }
          const charge = await repository.findCharge(reference, { pendingMayBeStale: true });
          if (charge?.open) return refuseForm(request, reply, reference);
          const sessionToken = sessionTokenOf(request);
          if (!request.user || !sessionToken) return sendSignInPrompt(reply);
          if (!charge || charge.payerUserId !== request.user.id) return sendCheckoutNotFound(reply);
          if (!fromPageOf(sessionToken)) return refuseForm(request, reply, reference);
          await repository.decideCharge(charge.reference, status);
          return reply.status(303).header('cache-control', 'no-store').redirect(safeCallback(charge.callbackUrl), 303);
        },
      );
    }
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatNaira } from '../../../shared/money.js';
import type { SandboxRepository } from '../../adapters/payments/sandbox-repository.js';
import { SANDBOX_CHECKOUT_PATH } from '../../adapters/payments/sandbox-gateway.js';

const referenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/) });

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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

/**
 * The sandbox gateway's checkout: a plain HTML page (no script; the CSP forbids inline code) whose two
 * forms record the payer's decision and send them back to the app, as a hosted checkout would.
 */
export function sandboxCheckoutRoutes(repository: SandboxRepository): FastifyPluginAsyncZod {
  return async (app) => {
    // The buttons are plain HTML form posts (urlencoded, no fields we need).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/payments/sandbox/checkout/:reference',
      {
        config: { public: true },
        schema: { tags: ['payments'], summary: 'Sandbox checkout page', params: referenceParams },
      },
      async (request, reply) => {
        const charge = await repository.findCharge(request.params.reference);
        if (!charge) {
          return sendCheckoutNotFound(reply);
        }
        const ref = encodeURIComponent(charge.reference);
        const details = `<dl><dt>Merchant</dt><dd>Lanefreight</dd><dt>Email</dt><dd>${escapeHtml(charge.email)}</dd><dt>Reference</dt><dd>${escapeHtml(charge.reference)}</dd></dl>`;
        const head = `<span class="badge">Sandbox: no real money moves</span><h1>Pay Lanefreight</h1><p class="amount">${escapeHtml(formatNaira(charge.amountKobo))}</p>${details}`;
        const body =
          charge.status === 'pending'
            ? `${head}<div class="actions"><form method="post" action="${SANDBOX_CHECKOUT_PATH}/${ref}/approve"><button class="approve" type="submit">Approve payment</button></form><form method="post" action="${SANDBOX_CHECKOUT_PATH}/${ref}/decline"><button class="decline" type="submit">Decline</button></form></div>`
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
            summary: `Sandbox checkout: ${decision}`,
            params: referenceParams,
            body: z.unknown().optional(),
          },
        },
        async (request, reply) => {
          const charge = await repository.findCharge(request.params.reference);
          if (!charge) {
            return sendCheckoutNotFound(reply);
          }
          await repository.decideCharge(charge.reference, decision === 'approve' ? 'success' : 'failed');
          return reply.status(303).header('cache-control', 'no-store').redirect(safeCallback(charge.callbackUrl), 303);
        },
      );
    }
  };
}

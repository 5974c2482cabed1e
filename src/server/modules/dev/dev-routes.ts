import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeIdentifier } from '../../../shared/identifiers.js';
import { envelope } from '../../../shared/schemas/common.js';
import { devMessageSchema, devMessagesQuerySchema } from '../../../shared/schemas/dev.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import type { OutboxReader } from '../messages/outbox-worker.js';
import { devOutboxCutoff } from './dev-outbox-retention.js';
import { escapeHtml } from '../../lib/html.js';


/** `to` is matched the way identifiers are stored: lower-cased email or E.164. */
function recipientOf(to: string | undefined) {
  if (to === undefined) return undefined;
  return normalizeIdentifier(to)?.value ?? to.trim().toLowerCase();
}

async function listMessages(outbox: OutboxReader, to: string | undefined, limit: number) {
  const rows = await outbox.listForRecipient(recipientOf(to), limit, devOutboxCutoff());
  return rows.map((row) => ({
    to: row.to,
    channel: row.channel,
    subject: row.subject,
    body: row.body,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /api/dev/messages: registered only when devOutboxAvailability allows it (never in production). */
export function devApiRoutes(outbox: OutboxReader): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/messages',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary: 'Development only: messages the dev outbox holds, newest first',
          querystring: devMessagesQuerySchema,
          response: { 200: envelope(z.array(devMessageSchema)) },
        },
      },
      async (request) => ok(await listMessages(outbox, request.query.to, request.query.limit), SUCCESS_MESSAGES.ok),
    );
  };
}


function renderMailbox(to: string | undefined, messages: Awaited<ReturnType<typeof listMessages>>) {
  const items = messages
    .map(
      (m) => `<li>
  <p class="meta"><strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.channel)} · ${escapeHtml(m.status)} · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></p>
  <h2>${escapeHtml(m.subject)}</h2>
  <pre>${escapeHtml(m.body)}</pre>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · Lanefreight</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#111;background:#fff}
form{display:flex;gap:.5rem;flex-wrap:wrap;margin-bottom:1rem}
input{flex:1;min-width:12rem;padding:.5rem;font:inherit}
button{padding:.5rem 1rem;font:inherit}
ul{list-style:none;padding:0}
li{border:1px solid #ccc;border-radius:.5rem;padding:.75rem;margin-bottom:.75rem}
h2{font-size:1rem;margin:.25rem 0}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:inherit}
.meta{margin:0;color:#444;font-size:.875rem}
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Messages the development outbox would have sent in the last 24 hours. This page exists only while no email or SMS provider is configured, and only on this machine unless DEV_OUTBOX=on.</p>
<form method="get" action="/dev/mailbox">
<label for="to">Recipient</label>
<input id="to" name="to" type="text" value="${escapeHtml(to ?? '')}" placeholder="email or phone number">
<button type="submit">Show</button>
</form>
${messages.length === 0 ? '<p>No messages.</p>' : `<ul>\n${items}\n</ul>`}
</body>
</html>`;
}

/** GET /dev/mailbox: the same messages as a server-rendered page (no script, so the CSP holds). */
export function devMailboxPage(outbox: OutboxReader): FastifyPluginAsync {
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
      const parsed = devMessagesQuerySchema.safeParse(request.query);
      const query = parsed.success ? parsed.data : { to: undefined, limit: 50 };
      const messages = await listMessages(outbox, query.to, query.limit);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailbox(query.to, messages));
    });
  };
}

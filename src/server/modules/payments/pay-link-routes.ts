import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { PaymentsService, PayLinkState } from './payments-service.js';
import { payPageLanguage, renderPayPage, type PayPageView } from './pay-page.js';

const tokenParams = z.object({ token: z.string().max(64) });
const returnQuery = z.object({ reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/).optional() });

function sendPage(reply: FastifyReply, status: number, view: PayPageView, language: string | null | undefined, testMode: boolean) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(renderPayPage(view, payPageLanguage(language), { testMode }));
}

const trackingLinkOf = (trackingId: string | null) => (trackingId ? `/track/${trackingId}` : null);

/** A pay link's state as its page, with the status a client (or a test) reads: 200 due or paid, 410 ended, 404 unknown. */
function viewOf(state: PayLinkState, token: string, extra: { reversed?: boolean; notice?: 'notPaid' | 'gatewayDown' } = {}) {
  if (state.kind === 'unknown') return { status: 404, view: { kind: 'unknown' } as PayPageView, language: null };
  const { row } = state;
  const language = row.receiverLanguage;
  if (state.kind === 'paid') {
    return { status: 200, view: { kind: 'paid', amountKobo: row.codAmountKobo!, trackingLink: trackingLinkOf(row.trackingId), reversed: extra.reversed ?? false } as PayPageView, language };
  }
  if (state.kind === 'ended') return { status: 410, view: { kind: 'ended', trackingLink: trackingLinkOf(row.trackingId) } as PayPageView, language };
  return {
    status: 200,
    view: { kind: 'due', amountKobo: row.codAmountKobo!, trackingId: row.trackingId, payAction: `/pay/${token}`, notice: extra.notice } as PayPageView,
    language,
  };
}

/**
 * The receiver's pay link, `/pay/{token}` (decision 053): a server-rendered page in the receiver's language, a form
 * (no script) that starts the gateway's checkout for what is due, and the page the gateway brings them back to.
 * No sign-in: the token (128 random bits, stored hashed) is the authority, and only to pay.
 */
export function payLinkPages(
  service: Pick<PaymentsService, 'payLinkState' | 'startCodPayment' | 'returnFromCodCheckout'>,
  { testMode }: { testMode: boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    // The form posts urlencoded; its one field says nothing the path does not.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    app.get('/pay/:token', { config: { public: true }, schema: { hide: true, params: tokenParams } }, async (request, reply) => {
      const { status, view, language } = viewOf(await service.payLinkState(request.params.token), request.params.token);
      return sendPage(reply, status, view, language, testMode);
    });

    app.post('/pay/:token', { config: { public: true }, schema: { hide: true, params: tokenParams } }, async (request, reply) => {
      const { token } = request.params;
      try {
        const { checkoutUrl } = await service.startCodPayment(token);
        return reply.status(303).header('cache-control', 'no-store').redirect(checkoutUrl, 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const notice = err.code === 'GATEWAY_UNAVAILABLE' ? ('gatewayDown' as const) : undefined;
        const { status, view, language } = viewOf(await service.payLinkState(token), token, { notice });
        return sendPage(reply, notice ? 503 : status, view, language, testMode);
      }
    });

    app.get(
      '/pay/:token/return',
      { config: { public: true }, schema: { hide: true, params: tokenParams, querystring: returnQuery } },
      async (request, reply) => {
        const { token } = request.params;
        const reference = request.query.reference;
        if (!reference) {
          const { status, view, language } = viewOf(await service.payLinkState(token), token);
          return sendPage(reply, status, view, language, testMode);
        }
        const { state, reversed } = await service.returnFromCodCheckout(token, reference);
        const { status, view, language } = viewOf(state, token, { reversed, notice: state.kind === 'due' ? 'notPaid' : undefined });
        return sendPage(reply, status, view, language, testMode);
      },
    );
  };
}

import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

/** A multipart/form-data body, as a browser encodes a form with enctype="multipart/form-data". */
export function multipartForm(fields: Record<string, string>) {
  const boundary = `----lanefreight${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  };
}

/** What a browser adds to a form post from one of our own pages. */
export const SAME_ORIGIN: Headers = { 'sec-fetch-site': 'same-origin' };

/** The checkout page's form for a decision: its action and its csrf field. */
export function checkoutForm(html: string, decision: 'approve' | 'decline') {
  const form = new RegExp(`<form[^>]*action="([^"]+/${decision})"[^>]*>(.*?)</form>`).exec(html);
  if (!form) throw new Error(`no ${decision} form in the checkout page`);
  const csrf = /name="csrf" value="([^"]*)"/.exec(form[2]!)?.[1];
  if (!form[0].includes('enctype="multipart/form-data"') || !csrf)
    throw new Error('the form is not multipart with a csrf field');
  return { action: form[1]!, csrf };
}

/** Opens the checkout page as the signed-in payer and posts the decision as the browser would. */
export async function decideSandboxCheckout(
  t: TestApp,
  headers: Headers,
  checkoutUrl: string,
  decision: 'approve' | 'decline',
) {
  const page = await t.app.inject({ method: 'GET', url: checkoutUrl, headers });
  if (page.statusCode !== 200) throw new Error(`checkout page: ${page.statusCode}`);
  const { action, csrf } = checkoutForm(page.body, decision);
  const form = multipartForm({ csrf });
  return t.app.inject({
    method: 'POST',
    url: action,
    headers: { ...headers, ...SAME_ORIGIN, ...form.headers },
    payload: form.payload,
  });
}

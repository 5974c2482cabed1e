import { expect, type APIRequestContext } from '@playwright/test';

/** The bodies of the messages the dev outbox holds for `to`, newest first. */
async function messageBodies(request: APIRequestContext, to: string): Promise<string[]> {
  const response = await request.get(`/api/dev/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: { body: string }[] }).data.map((message) => message.body);
}

/** The newest message to `to` whose body matches `pattern`, polled from the dev outbox until it arrives. */
export async function messageTo(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await messageBodies(request, to)).find((body) => pattern.test(body));
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The six-digit sign-up (or sign-in) code sent to `to`, as a person reads it from their inbox. */
export async function readSignUpCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await messageBodies(request, to)).map((body) => /\b(\d{6})\b/.exec(body)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The receiver's latest "driver on the way" SMS carries the code; the tracking link is removed before looking. */
export async function readHandoverCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const assigned = (await messageBodies(request, phone)).find(
        (body) => /https?:\/\/\S+\/track\//.test(body) && /\d{4}/.test(body.replace(/https?:\/\/\S+/g, '')),
      );
      code = assigned ? /\b(\d{4})\b/.exec(assigned.replace(/https?:\/\/\S+/g, ''))?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

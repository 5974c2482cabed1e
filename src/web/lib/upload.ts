import type { z } from 'zod';
import { apiUnavailable, networkFailure, readApiAnswer } from './api-client';
import { reportAnswer } from './connectivity';
import { i18n } from './i18n';

/**
 * `POST /api<path>` of a multipart form, read against the endpoint's shared `schema` like every answer.
 * XMLHttpRequest rather than fetch, for upload progress: `onProgress(loaded, total)` in bytes of the whole body.
 */
export function postMultipart<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress?: (loaded: number, total: number) => void,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', i18n.language);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onerror = () => reject(networkFailure('POST'));
    request.onload = () => {
      reportAnswer();
      if (request.status >= 500) return reject(apiUnavailable(request.status));
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        return reject(apiUnavailable(request.status));
      }
      try {
        resolve(readApiAnswer(path, request.status, payload, schema).data);
      } catch (error) {
        reject(error);
      }
    };
    request.send(form);
  });
}

import { RefusalError } from '../contracts/refusal-error';
import { findIllFormedText, illFormedTextError } from '../contracts/well-formed-text';
import type { ApiRequest } from './api-request';

export function hasJsonContentType(request: ApiRequest): boolean {
  const mediaType = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

const tooLarge = (maxBytes: number) => new RefusalError('payload_too_large', `The request body must be at most ${maxBytes} bytes`);

/**
 * Reads the body as UTF-8 text, stopping as soon as it passes `maxBytes`: `Content-Length` is only
 * a hint (it can be absent with chunked encoding, or lie), so the cap is enforced on the bytes read.
 * A body handed over as bytes is held to the same cap.
 */
export async function readBodyText(request: ApiRequest, maxBytes: number): Promise<string> {
  const declaredLength = Number(request.headers.get('content-length') ?? 0);
  if (declaredLength > maxBytes) throw tooLarge(maxBytes);
  const { body } = request;
  if (!body) return '';
  // Bytes the server already read in full (a small body with a Content-Length): the same cap, no stream.
  if (ArrayBuffer.isView(body)) {
    if (body.byteLength > maxBytes) throw tooLarge(maxBytes);
    return decodeUtf8(body);
  }

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop the upload instead of draining it; a failing cancel changes nothing for the caller.
      reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }

  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decodeUtf8(bytes);
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RefusalError('bad_request', 'The request body is not valid UTF-8');
  }
}

/**
 * An empty body reads as `{}`, so calls without a payload (return-to-admin, end) may send none. A JSON
 * escape can spell a lone surrogate or NUL (`"\ud800"`, `"\u0000"`) in valid UTF-8: such a body is
 * refused here, before any route sees it.
 */
export async function readJsonBody(request: ApiRequest, maxBytes: number): Promise<unknown> {
  if (!hasJsonContentType(request)) {
    throw new RefusalError('unsupported_media_type', 'The request body must be application/json');
  }
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new RefusalError('bad_request', 'The request body is not valid JSON');
  }
  const illFormed = findIllFormedText(body);
  if (illFormed) throw illFormedTextError('body', illFormed);
  return body;
}

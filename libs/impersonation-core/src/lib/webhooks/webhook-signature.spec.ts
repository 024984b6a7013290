import { createHmac } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS, verifyWebhookSignature, webhookSignature } from './webhook-signature';

const secret = 'a-webhook-secret-of-at-least-32-characters';
const body = '{"id":1,"type":"impersonation.started"}';

describe('webhook signatures', () => {
  it('are t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>', () => {
    const expected = createHmac('sha256', secret).update(`1795400000.${body}`).digest('hex');
    expect(webhookSignature(secret, body, 1_795_400_000.9)).toBe(`t=1795400000,v1=${expected}`);
  });

  it('verify for the same secret, body and a recent t', () => {
    const header = webhookSignature(secret, body, 1_795_400_000);
    expect(verifyWebhookSignature({ secret, body, header, nowSeconds: 1_795_400_000 + SIGNATURE_TOLERANCE_SECONDS })).toBe(true);
    expect(verifyWebhookSignature({ secret, body, header, nowSeconds: 1_795_400_000 - SIGNATURE_TOLERANCE_SECONDS })).toBe(true);
  });

  it.each([
    ['a t older than the tolerance', webhookSignature(secret, body, 1_795_400_000), body, 1_795_400_000 + SIGNATURE_TOLERANCE_SECONDS + 1],
    ['a changed body', webhookSignature(secret, body, 1_795_400_000), body.replace('1', '2'), 1_795_400_000],
    ['another secret', webhookSignature(`${secret}!`, body, 1_795_400_000), body, 1_795_400_000],
    ['a changed t', webhookSignature(secret, body, 1_795_400_000).replace('t=1795400000', 't=1795400001'), body, 1_795_400_000],
    ['a missing header', null, body, 1_795_400_000],
    ['a header without v1', 't=1795400000', body, 1_795_400_000],
    ['a truncated v1', webhookSignature(secret, body, 1_795_400_000).slice(0, -2), body, 1_795_400_000],
  ])('refuse %s', (_name, header, receivedBody, nowSeconds) => {
    expect(verifyWebhookSignature({ secret, body: receivedBody, header, nowSeconds })).toBe(false);
  });
});

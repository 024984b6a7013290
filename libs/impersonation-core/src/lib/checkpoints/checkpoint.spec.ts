import { formatCheckpoint, parseCheckpoint } from './checkpoint';

// The body of a checkpoint sum.golang.org published (see signed-note.spec.ts): C2SP tlog-checkpoint's
// origin line, tree size and base64 root hash, each ending in a newline.
const GO_SUM_BODY = 'go.sum database tree\n65209736\n5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=\n';
const GO_SUM_ROOT_HEX = Buffer.from('5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=', 'base64').toString('hex');

describe('tlog-checkpoint bodies', () => {
  it('writes a published checkpoint body byte for byte', () => {
    expect(formatCheckpoint({ origin: 'go.sum database tree', size: 65209736, hash: GO_SUM_ROOT_HEX })).toBe(GO_SUM_BODY);
  });

  it('reads the origin, size and hash back, ignoring extension lines', () => {
    const body = { origin: 'go.sum database tree', size: 65209736, hash: GO_SUM_ROOT_HEX };
    expect(parseCheckpoint(GO_SUM_BODY)).toEqual(body);
    expect(parseCheckpoint(`${GO_SUM_BODY}extension line\n`)).toEqual(body);
  });

  it.each([
    ['a size with a leading zero', 'origin\n01\n5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=\n'],
    ['a negative size', 'origin\n-1\n5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=\n'],
    ['a root that is not 32 bytes', 'origin\n1\nAAAA\n'],
    ['no origin', '\n1\n5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=\n'],
  ])('reads nothing from a body with %s', (_case, text) => {
    expect(parseCheckpoint(text)).toBeNull();
  });

  it('refuses to write a hash that is not lowercase hex SHA-256, or an origin of two lines', () => {
    expect(() => formatCheckpoint({ origin: 'o', size: 1, hash: 'ABC' })).toThrow();
    expect(() => formatCheckpoint({ origin: 'a\nb', size: 1, hash: GO_SUM_ROOT_HEX })).toThrow();
  });
});

// This app's own passwords (scrypt): impersonation does not care how users sign in.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(scrypt);
const KEY_BYTES = 32;

export async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_BYTES);
  return `scrypt:${salt.toString('base64')}:${key.toString('base64')}`;
}

export async function verifyPassword(password, stored) {
  const [kind, salt, key] = String(stored ?? '').split(':');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), KEY_BYTES);
  const expected = Buffer.from(key, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

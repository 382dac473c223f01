import { constants, createPublicKey, publicDecrypt, type KeyObject } from 'node:crypto';
import type { Phone } from '../types.js';

// adb signs the 20-byte token as if it were a SHA-1 digest: PKCS#1 v1.5 over this DigestInfo prefix + token.
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');
const RSA_WORDS = 64;

/** Parses adb's public key format: base64 of the RSAPublicKey struct, then " user@host". */
export function parseAndroidPublicKey(text: string): KeyObject {
  const base64 = text.replace(/\0/g, '').trim().split(/\s+/)[0] ?? '';
  const struct = Buffer.from(base64, 'base64');
  if (struct.length < 12) throw new Error(`adb public key is too short (${struct.length} bytes)`);
  const words = struct.readUInt32LE(0);
  const bytes = words * 4;
  if (words === 0 || struct.length !== 4 + 4 + bytes + bytes + 4) {
    throw new Error(`adb public key has ${struct.length} bytes, expected ${4 + 4 + bytes * 2 + 4} for ${words} words`);
  }
  const modulus = Buffer.from(struct.subarray(8, 8 + bytes)).reverse();
  const exponent = struct.readUInt32LE(8 + bytes * 2);
  return createPublicKey({ key: { kty: 'RSA', n: base64url(stripZeros(modulus)), e: base64url(uintBytes(exponent)) }, format: 'jwk' });
}

/** Encodes an RSA public key the way adb writes ~/.android/adbkey.pub. */
export function encodeAndroidPublicKey(key: KeyObject, comment = 'mobiletest@localhost'): string {
  const jwk = key.export({ format: 'jwk' });
  if (!jwk.n || !jwk.e) throw new Error('encodeAndroidPublicKey needs an RSA key');
  const n = BigInt(`0x${Buffer.from(jwk.n, 'base64url').toString('hex')}`);
  const e = Number(BigInt(`0x${Buffer.from(jwk.e, 'base64url').toString('hex')}`));
  const struct = Buffer.alloc(4 + 4 + RSA_WORDS * 4 * 2 + 4);
  struct.writeUInt32LE(RSA_WORDS, 0);
  const word = 1n << 32n;
  struct.writeUInt32LE(Number((word - modInverse(n % word, word)) % word), 4);
  writeLittleEndian(struct, 8, n);
  writeLittleEndian(struct, 8 + RSA_WORDS * 4, (1n << BigInt(RSA_WORDS * 32 * 2)) % n);
  struct.writeUInt32LE(e, 8 + RSA_WORDS * 8);
  return `${struct.toString('base64')} ${comment}`;
}

/** True when signature is the token signed with the private half of key. */
export function verifyTokenSignature(key: KeyObject, token: Buffer, signature: Buffer): boolean {
  try {
    const decoded = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return decoded.equals(Buffer.concat([SHA1_DIGEST_INFO, token]));
  } catch {
    return false;
  }
}

/** The DigestInfo block adb's host signs for a token (for a test host built on node:crypto). */
export function tokenDigestInfo(token: Buffer): Buffer {
  return Buffer.concat([SHA1_DIGEST_INFO, token]);
}

/** Keys the user allowed on a phone ("Always allow from this computer"), kept for the phone's lifetime. */
export class AuthorizedKeys {
  private readonly keys: KeyObject[] = [];

  add(key: KeyObject): void {
    const der = key.export({ format: 'der', type: 'spki' });
    if (!this.keys.some((known) => known.export({ format: 'der', type: 'spki' }).equals(der))) this.keys.push(key);
  }

  accepts(token: Buffer, signature: Buffer): boolean {
    return this.keys.some((key) => verifyTokenSignature(key, token, signature));
  }

  get size(): number {
    return this.keys.length;
  }
}

const keysByPhone = new WeakMap<Phone, AuthorizedKeys>();

export function authorizedKeysOf(phone: Phone): AuthorizedKeys {
  let keys = keysByPhone.get(phone);
  if (!keys) {
    keys = new AuthorizedKeys();
    keysByPhone.set(phone, keys);
  }
  return keys;
}

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

function stripZeros(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start);
}

function uintBytes(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0, 0);
  return stripZeros(bytes);
}

function writeLittleEndian(target: Buffer, offset: number, value: bigint): void {
  let rest = value;
  for (let i = 0; i < RSA_WORDS * 4; i++) {
    target[offset + i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

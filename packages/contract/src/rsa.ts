/**
 * Login password encryption (SPEC.md §9: RSA, 117-byte chunks encrypt, 128 decrypt — a 1024-bit
 * key with PKCS#1 v1.5 padding). Plain BigInt so the console needs no library; the server decrypts
 * with node:crypto. Input: the key's modulus and exponent as base64url (a JWK's `n` and `e`).
 */
export const RSA_ENCRYPT_CHUNK = 117;
export const RSA_DECRYPT_CHUNK = 128;

function b64urlToBytes(value: string): Uint8Array {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const toBigInt = (bytes: Uint8Array) => bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);

function toBytes(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  base %= mod;
  while (exp > 0n) {
    if (exp & 1n) result = (result * base) % mod;
    base = (base * base) % mod;
    exp >>= 1n;
  }
  return result;
}

function nonZeroRandom(length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; ) {
    const buf = crypto.getRandomValues(new Uint8Array(length));
    for (const b of buf) if (b !== 0 && i < length) out[i++] = b;
  }
  return out;
}

/** Encrypts UTF-8 text in 117-byte chunks; returns the concatenated 128-byte blocks, base64. */
export function rsaEncrypt(text: string, key: { n: string; e: string }): string {
  const nBytes = b64urlToBytes(key.n);
  const n = toBigInt(nBytes);
  const e = toBigInt(b64urlToBytes(key.e));
  const k = nBytes[0] === 0 ? nBytes.length - 1 : nBytes.length;
  const chunk = k - 11;
  const data = new TextEncoder().encode(text);
  const blocks: Uint8Array[] = [];
  for (let off = 0; off < data.length || off === 0; off += chunk) {
    const m = data.subarray(off, off + chunk);
    const em = new Uint8Array(k);
    em[1] = 2;
    em.set(nonZeroRandom(k - m.length - 3), 2);
    em.set(m, k - m.length);
    blocks.push(toBytes(modPow(toBigInt(em), e, n), k));
    if (data.length === 0) break;
  }
  const all = new Uint8Array(blocks.length * k);
  blocks.forEach((b, i) => all.set(b, i * k));
  let bin = '';
  for (const b of all) bin += String.fromCharCode(b);
  return btoa(bin);
}

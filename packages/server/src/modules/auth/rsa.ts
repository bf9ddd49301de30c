import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, privateDecrypt } from 'node:crypto';
import { RSA_DECRYPT_CHUNK } from '@pv/contract';
import type { Config } from '../../config.ts';

/**
 * The login RSA key (SPEC.md §9: 117-byte chunks encrypt, 128 decrypt → 1024-bit, PKCS#1 v1.5).
 * Node refuses PKCS#1 v1.5 private decryption since CVE-2023-46809, so blocks are decrypted raw and
 * the padding is checked here; any failure is just "wrong password" (no padding oracle: the caller
 * answers the same 401 as for a wrong password, after the same password-hash work).
 */
const keys = new WeakMap<Config, { privateKey: KeyObject; publicKey: KeyObject }>();

function keyOf(config: Config) {
  let k = keys.get(config);
  if (!k) {
    if (config.rsaPrivateKey) {
      const privateKey = createPrivateKey(config.rsaPrivateKey);
      k = { privateKey, publicKey: createPublicKey(privateKey) };
    } else {
      k = generateKeyPairSync('rsa', { modulusLength: RSA_DECRYPT_CHUNK * 8 });
    }
    keys.set(config, k);
  }
  return k;
}

/** GET /publicKey: the SPKI key (base64 DER, what JSEncrypt-style clients take) and its JWK n/e. */
export function publicKeyInfo(config: Config) {
  const { publicKey } = keyOf(config);
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    n: jwk.n!,
    e: jwk.e!,
    enabled: config.loginRsa,
  };
}

/** Decrypts base64 ciphertext of 128-byte blocks; null when it is not a valid encryption. */
export function rsaDecrypt(config: Config, cipher: string): string | null {
  const { privateKey } = keyOf(config);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cipher)) return null;
  const data = Buffer.from(cipher, 'base64');
  if (data.length === 0 || data.length % RSA_DECRYPT_CHUNK !== 0 || data.length > RSA_DECRYPT_CHUNK * 16) return null;
  const parts: Buffer[] = [];
  try {
    for (let off = 0; off < data.length; off += RSA_DECRYPT_CHUNK) {
      const em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, data.subarray(off, off + RSA_DECRYPT_CHUNK));
      // EM = 00 02 PS(≥8 non-zero) 00 M
      if (em[0] !== 0 || em[1] !== 2) return null;
      const sep = em.indexOf(0, 2);
      if (sep < 10) return null;
      parts.push(em.subarray(sep + 1));
    }
  } catch {
    return null;
  }
  return Buffer.concat(parts).toString('utf8');
}

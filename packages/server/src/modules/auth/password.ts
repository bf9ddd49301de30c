import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost (19 MiB, 2 passes): OWASP's baseline.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Verifying against a throwaway hash when the user does not exist keeps response time from telling. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hash('not-a-real-password-' + Math.random());
  await verifyPassword(await dummy, password);
}

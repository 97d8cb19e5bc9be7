import { hash, verify } from '@node-rs/argon2';

// OWASP argon2id parameters (ARCHITECTURE §8).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 };
let dummyHash: Promise<string> | null = null;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Verifies against the stored hash, or against a dummy one so an unknown e-mail costs the same time. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown login) a decoy hash is verified anyway so
 * that the answer takes as long as for a real account and does not reveal which logins exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hash('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

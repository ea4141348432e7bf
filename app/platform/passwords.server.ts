import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id profile: 19 MiB memory, 2 iterations, 1 lane (docs/security.md).
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported here).
const ARGON2ID = 2
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same time as a real check when the account does not exist, so that the
 * answer's timing does not tell whether an e-mail address has an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches anything')
  await verifyPassword(await dummyHash, password)
  return false
}

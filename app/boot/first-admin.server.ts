import { createAuthToken } from '../models/auth-tokens.server'
import { countActiveAdmins } from '../models/users.server'
import type { Runtime } from '../platform/runtime.server'

/**
 * With no active admin, prints a one-time link (valid one hour) to create the first one.
 * There is no default account (docs/security.md); `npm run user:create` is the other way.
 */
export async function announceFirstAdminSetup(
  runtime: Pick<Runtime, 'config' | 'logger' | 'database'>,
) {
  const { db } = runtime.database
  if ((await countActiveAdmins(db)) > 0) return
  const token = await createAuthToken('first_admin_setup', null, db)
  const url = `${runtime.config.siteUrl}/setup?token=${token}`
  runtime.logger.warn(
    { setupUrl: url },
    `No admin account exists yet. Create the first one within an hour at ${url} ` +
      '(or run: npm run user:create -- --email <e-mail> --name "<name>" --role admin --password-stdin)',
  )
}

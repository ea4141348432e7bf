// npm run user:create -- --email <e-mail> --name "<name>" --role admin --password-stdin
// Creates an account. The password is read from standard input, never from the command
// line (where it would show in the process list and shell history).
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { userRoles } from '../db/schema'
import { ConfigError, loadConfig } from '../app/platform/config.server'
import { DataDirLockedError } from '../app/platform/data-dir-lock.server'
import { openDatabase } from '../app/platform/db.server'
import { databaseTargetFor } from '../app/platform/runtime.server'
import { newPasswordField } from '../app/lib/validation/auth'
import { emailField } from '../app/lib/validation/fields'
import { createUser, EmailTakenError } from '../app/models/users.server'
import { readStdin } from './read-stdin'

const usage =
  'Usage: npm run user:create -- --email <e-mail> --name "<name>" --role admin|interpreter|client --password-stdin'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    'password-stdin': { type: 'boolean' },
  },
})

const input = z
  .object({
    email: emailField,
    name: z.string({ error: 'Please give --name.' }).trim().min(1, 'Please give --name.'),
    role: z.enum(userRoles, { error: 'Please give --role admin, interpreter or client.' }),
  })
  .safeParse(values)
if (!input.success) fail(`${input.error.issues.map((issue) => issue.message).join('\n')}\n${usage}`)
if (!values['password-stdin'])
  fail(`Pass the password on standard input with --password-stdin.\n${usage}`)
if (process.stdin.isTTY) console.error('Type the password, then press Enter and Ctrl-D:')
const password = newPasswordField.safeParse(await readStdin())
if (!password.success) fail(`Password: ${password.error.issues[0]?.message}`)

try {
  const config = loadConfig()
  const database = await openDatabase(databaseTargetFor(config))
  try {
    const user = await createUser({ ...input.data, password: password.data }, database.db)
    console.log(`Created ${user.role} ${user.email} (${user.name}).`)
  } finally {
    await database.close()
  }
} catch (error) {
  if (error instanceof EmailTakenError || error instanceof ConfigError) fail(error.message)
  if (error instanceof DataDirLockedError) {
    fail(`${error.message}\nThe embedded database can only be changed while the server is stopped.`)
  }
  throw error
}

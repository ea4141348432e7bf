// Runs initdb for a new embedded database directory in a short-lived process, so the
// memory initdb needs is returned to the system when it exits (see app/platform/db.server.ts).
import { PGlite } from '@electric-sql/pglite'

const pgdata = process.argv[2]
if (!pgdata) {
  console.error('usage: node app/platform/init-pglite.mjs <pgdata directory>')
  process.exit(2)
}
const client = await PGlite.create(pgdata)
await client.close()

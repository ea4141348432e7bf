// npm run backup [-- --output <file.tar.gz>]
// Writes the database and every stored upload into one archive. On the embedded database,
// stop the server first (it holds the data directory's lock); on PostgreSQL it may run.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../app/platform/config.server'
import { DataDirLockedError } from '../app/platform/data-dir-lock.server'
import { createBackup } from './backup-archive'

const { values } = parseArgs({ options: { output: { type: 'string', short: 'o' } } })
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)
const output = path.resolve(values.output ?? `backups/language-services-${stamp}.tar.gz`)

try {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env })
  const manifest = await createBackup(config, output)
  const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0)
  console.log(
    `Backup written to ${output}: ${manifest.database} database (${Object.keys(manifest.rowCounts).length} tables, ${rows} rows), ${Object.keys(manifest.files).length} files.`,
  )
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error('The backup failed:', error)
  }
  process.exit(1)
}

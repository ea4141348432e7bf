// npm run restore -- <file.tar.gz>
// Restores an archive from `npm run backup` into an empty installation (an empty DATA_DIR,
// or an empty PostgreSQL database when DATABASE_URL is set, and empty file storage), then
// checks row counts and file checksums against the archive's manifest.
import path from 'node:path'
import { ConfigError, loadConfig } from '../app/platform/config.server'
import { DataDirLockedError } from '../app/platform/data-dir-lock.server'
import { restoreBackup, RestoreError } from './backup-archive'

const archive = process.argv[2]
if (!archive) {
  console.error('Usage: npm run restore -- <backup.tar.gz>')
  process.exit(2)
}

try {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env })
  const manifest = await restoreBackup(config, path.resolve(archive))
  const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0)
  console.log(
    `Restored ${archive} (made ${manifest.createdAt}): ${rows} rows and ${Object.keys(manifest.files).length} files, all checked against the manifest.`,
  )
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof RestoreError
  ) {
    console.error(error.message)
  } else {
    console.error('The restore failed:', error)
  }
  process.exit(1)
}

import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

/**
 * PGlite has no lock between processes: a second process opening a live directory would
 * corrupt it. We take a lock file holding our pid and refuse a second opener clearly.
 * A lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => releaseLock(lockFile)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(lockFile)
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}); ` +
            `its lock file is ${lockFile}. Stop that process first, or set DATA_DIR to another ` +
            `folder. Delete the lock file only if you are sure no process uses the folder.`,
        )
      }
      if (holder === process.pid) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is already open in this process (lock file ${lockFile}).`,
        )
      }
      // The holder is gone: the lock is stale.
      try {
        unlinkSync(lockFile)
      } catch {
        // Someone else removed it first; try again.
      }
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockFile}.`)
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10)
    return Number.isFinite(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function releaseLock(lockFile: string) {
  if (readHolder(lockFile) === process.pid) {
    try {
      unlinkSync(lockFile)
    } catch {
      // Already gone.
    }
  }
}

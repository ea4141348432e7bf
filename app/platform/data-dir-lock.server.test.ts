import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.server'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-test-'))
  dirs.push(dir)
  return dir
}

describe('acquireDataDirLock', () => {
  it('refuses a directory another live process holds, naming the lock file', async () => {
    const dir = tempDir()
    // A live process that is not us holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), String(holder.pid))
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
      expect(() => acquireDataDirLock(dir)).toThrow(/pglite\.lock/)
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${holder.pid}`))
    } finally {
      holder.kill()
    }
  })

  it('takes over a lock left by a process that has exited', () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'pglite.lock'), '999999999')
    const release = acquireDataDirLock(dir)
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true)
    release()
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false)
  })

  it('refuses a second open in the same process', () => {
    const dir = tempDir()
    const release = acquireDataDirLock(dir)
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/)
    } finally {
      release()
    }
  })
})

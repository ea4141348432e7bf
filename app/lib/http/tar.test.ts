import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tarGzip } from './tar'

describe('tarGzip', () => {
  it('writes an archive the tar program reads back byte for byte', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tar-test-'))
    try {
      const binary = Uint8Array.from({ length: 1500 }, (_, index) => index % 251)
      const archive = tarGzip([
        { name: 'person.json', bytes: Buffer.from('{"a":1}'), modifiedAt: new Date(0) },
        { name: 'files/resume.pdf', bytes: binary, modifiedAt: new Date() },
      ])
      writeFileSync(path.join(dir, 'export.tar.gz'), archive)
      execFileSync('tar', ['-xzf', 'export.tar.gz'], { cwd: dir })
      expect(readFileSync(path.join(dir, 'person.json'), 'utf8')).toBe('{"a":1}')
      expect(new Uint8Array(readFileSync(path.join(dir, 'files/resume.pdf')))).toEqual(binary)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a name tar cannot hold', () => {
    expect(() =>
      tarGzip([{ name: '../x\n', bytes: new Uint8Array(), modifiedAt: new Date() }]),
    ).toThrow()
  })
})

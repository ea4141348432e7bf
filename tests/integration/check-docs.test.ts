import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { findBrokenReferences, githubAnchor } from '../../scripts/docs-references.mjs'

/**
 * The docs checker on tiny fixture trees. The fixtures' references to docs files are written
 * as `docs` + '/…' so that the checker, run on this repository, does not read them as
 * references of this test file.
 */

const checker = fileURLToPath(new URL('../../scripts/check-docs.mjs', import.meta.url))
const fixtureRoots: string[] = []
const docs = (reference: string) => `docs${'/'}${reference}`

function fixture(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'check-docs-'))
  fixtureRoots.push(root)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

afterAll(() => {
  for (const root of fixtureRoots) rmSync(root, { recursive: true, force: true })
})

const product = [
  '# The product',
  '## Screens and routes',
  '#### Possible duplicates and merging',
  '## Errors',
  '## Errors',
  '```sh',
  '# Not a heading: inside a code block',
  '```',
].join('\n')

describe('githubAnchor', () => {
  it('lower-cases, drops punctuation and turns spaces into hyphens', () => {
    expect(githubAnchor('Possible duplicates and merging')).toBe('possible-duplicates-and-merging')
    expect(githubAnchor('001: The Express host, `server/host.ts`')).toBe(
      '001-the-express-host-serverhostts',
    )
    expect(githubAnchor('[The portals](#portals) and roles')).toBe('the-portals-and-roles')
  })
})

describe('findBrokenReferences', () => {
  it('accepts links, anchors, code-font paths and source mentions that resolve', () => {
    const root = fixture({
      'README.md': `See [the product](${docs('product.md#screens-and-routes')}) and \`app/a.ts\`.`,
      [docs('product.md')]: `${product}\n[Errors again](#errors-1), [record](decisions/001-x.md)`,
      [docs('decisions/001-x.md')]:
        '# 001: X\n[Back](../product.md#possible-duplicates-and-merging)',
      'app/a.ts': `// The rule: ${docs('product.md#errors')}\nexport const a = 1\n`,
    })
    const { broken, checked } = findBrokenReferences(root)
    expect(broken).toEqual([])
    expect(checked).toMatchObject({ links: 4, paths: 1, mentions: 1 })
  })

  it('reports a missing file, a missing anchor, a missing path and a broken mention by line', () => {
    const root = fixture({
      'README.md': [
        '# Readme',
        `[Decision](${docs('decisions/002-missing.md')})`,
        `[Rule](${docs('product.md#no-such-rule')}) and [fine](#readme)`,
        'The helper `app/lib/moved.ts`, skipped `app/routes/<area>/` and `build/server/index.js`.',
        '```',
        '[inside code](nowhere.md)',
        '```',
      ].join('\n'),
      [docs('product.md')]: `${product}\nSee [The code step](#the-code-step).`,
      'scripts/tool.mjs': `/* Why: ${docs('product.md#screens')} */\n`,
      'tests/x.test.ts': `// ${docs('gone.md')}\n`,
    })
    const { broken } = findBrokenReferences(root)
    expect(broken.map((b) => `${b.file}:${b.line}: ${b.reference} (${b.reason})`)).toEqual([
      `README.md:2: ${docs('decisions/002-missing.md')} (no such file)`,
      `README.md:3: ${docs('product.md#no-such-rule')} (no heading with anchor #no-such-rule in ${docs('product.md')})`,
      'README.md:4: app/lib/moved.ts (no such file)',
      `${docs('product.md')}:9: #the-code-step (no heading with anchor #the-code-step in ${docs('product.md')})`,
      `scripts/tool.mjs:1: ${docs('product.md#screens')} (no heading with anchor #screens in ${docs('product.md')})`,
      `tests/x.test.ts:1: ${docs('gone.md')} (no such file)`,
    ])
  })

  it('refuses a link that leaves the repository', () => {
    const root = fixture({ [docs('a.md')]: '[elsewhere](../../elsewhere/notes.md)' })
    expect(findBrokenReferences(root).broken).toEqual([
      {
        file: docs('a.md'),
        line: 1,
        reference: '../../elsewhere/notes.md',
        reason: 'outside the repository',
      },
    ])
  })
})

describe('check-docs command', () => {
  it('prints each broken reference and exits 1, or a summary and exits 0', () => {
    const bad = fixture({ 'README.md': '[Gone](gone.md)' })
    const failed = spawnSync(process.execPath, [checker, bad], { encoding: 'utf8' })
    expect(failed.status).toBe(1)
    expect(failed.stderr).toContain('README.md:1: gone.md (no such file)')

    const good = fixture({ 'README.md': '# Readme\n[Top](#readme)' })
    const passed = spawnSync(process.execPath, [checker, good], { encoding: 'utf8' })
    expect(passed.status).toBe(0)
    expect(passed.stdout).toMatch(/^docs: 1 links, 0 code-font paths and 0 docs mentions/)
  })
})

import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * `npm run check:imports` on tiny fixture trees: it runs the real command line, so the exit
 * code that fails `npm run lint` is checked along with the report.
 */

const checker = fileURLToPath(new URL('../../scripts/check-imports.mjs', import.meta.url))
const fixtureRoots: string[] = []

function checkFixture(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'check-imports-'))
  fixtureRoots.push(root)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const result = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' })
  return { status: result.status, output: result.stdout + result.stderr }
}

afterAll(() => {
  for (const root of fixtureRoots) rmSync(root, { recursive: true, force: true })
})

describe('check-imports', () => {
  it('fails on a runtime import circle and names its files', () => {
    const { status, output } = checkFixture({
      'app/lib/a.ts': "import { b } from './b'\nexport const a = () => b",
      'app/lib/b.ts': "import { a } from '~/lib/a'\nexport const b = () => a",
      'app/lib/c.ts': "import { a } from './a'\nexport const c = a",
    })
    expect(status).toBe(1)
    expect(output).toContain(
      'import circle of 2 files: app/lib/a.ts -> app/lib/b.ts -> app/lib/a.ts',
    )
    expect(output).not.toContain('app/lib/c.ts')
  })

  it('follows re-exports and dynamic imports, with `.js` naming a .ts file', () => {
    const { status, output } = checkFixture({
      'server/entry.ts': "export { start } from './start.js'",
      'server/start.ts': "export const start = () => import('./entry')",
    })
    expect(status).toBe(1)
    expect(output).toContain('server/entry.ts -> server/start.ts -> server/entry.ts')
  })

  it('counts circles that only types close, in each spelling of a type-only import', () => {
    // In each pair one import is runtime and the other type-only, in each of its four spellings.
    const { status, output } = checkFixture({
      'app/lib/a.ts': "import type { B } from './b'\nexport const a = 1\nexport type A = B",
      'app/lib/b.ts': "import { a } from './a'\nexport const b = a\nexport type B = 1",
      'app/lib/c.ts': "import { type D } from './d'\nexport const c = 1\nexport type C = D",
      'app/lib/d.ts': "import { c } from './c'\nexport const d = c\nexport type D = 1",
      'app/lib/e.ts': "export type { F } from './f'\nexport const e = 1",
      'app/lib/f.ts': "import { e } from './e'\nexport const f = e\nexport type F = 1",
      'app/lib/g.ts': "export { type H } from './h'\nexport const g = 1",
      'app/lib/h.ts': "import { g } from './g'\nexport const h = g\nexport type H = 1",
    })
    expect(status).toBe(1)
    for (const [first, second] of [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ])
      expect(output).toContain(
        `import circle of 2 files: app/lib/${first}.ts -> app/lib/${second}.ts -> app/lib/${first}.ts`,
      )
  })

  it('takes a stylesheet and generated route types for what they are: no modules of the project', () => {
    const { status, output } = checkFixture({
      'app/root.tsx':
        "import stylesheet from './app.css?url'\nimport type { Route } from './+types/root'\nexport const links = [stylesheet]",
      'app/lib/a.ts': "import type { B } from './b'\nexport const a = 1\nexport type A = B",
      'app/lib/b.ts': 'export type B = 1',
    })
    expect(output).toBe('imports: 3 files, no cycles, no layer breaches\n')
    expect(status).toBe(0)
  })

  it('fails when the domain imports the platform at run time', () => {
    const { status, output } = checkFixture({
      'app/platform/clock.server.ts': 'export const now = () => new Date()',
      'app/domain/rules.ts':
        "import { now } from '~/platform/clock.server'\nexport const year = now()",
      'app/domain/types.ts':
        "import type { now } from '../platform/clock.server'\nexport type N = typeof now",
      'app/domain/rules.test.ts': "import { now } from '~/platform/clock.server'\nnow()",
    })
    expect(status).toBe(1)
    expect(output).toContain(
      'layer breach: app/domain/rules.ts -> app/platform/clock.server.ts (app/domain may import only app/domain)',
    )
    expect(output).not.toContain('app/domain/types.ts')
    expect(output).not.toContain('rules.test.ts')
  })

  it('reports a lib helper reaching up into a model or an e-mail at run time', () => {
    const { status, output } = checkFixture({
      'app/models/users.server.ts': 'export const findUser = () => undefined',
      'app/emails/account.server.tsx': 'export const resetMail = () => undefined',
      'app/lib/auth/guard.server.ts':
        "import { findUser } from '~/models/users.server'\nimport { resetMail } from '../../emails/account.server'\nexport const guard = () => [findUser, resetMail]",
      'app/auth/session.server.ts':
        "import { findUser } from '~/models/users.server'\nexport const session = findUser",
    })
    expect(status).toBe(1)
    expect(output).toContain(
      'layer breach: app/lib/auth/guard.server.ts -> app/models/users.server.ts (app/lib may import only app/lib, app/domain, app/platform, app/content, db/schema)',
    )
    expect(output).toContain(
      'layer breach: app/lib/auth/guard.server.ts -> app/emails/account.server.tsx',
    )
    expect(output).not.toContain('app/auth/session.server.ts')
  })

  it('reports a lib helper naming a model type, which the layers above may do', () => {
    const { status, output } = checkFixture({
      'app/models/statements.server.ts': 'export type Statement = { id: string }',
      'app/lib/billing/pdf.server.ts':
        "import type { Statement } from '~/models/statements.server'\nexport type P = Statement",
      'app/routes/statement.tsx':
        "import type { Statement } from '~/models/statements.server'\nexport type R = Statement",
    })
    expect(status).toBe(1)
    expect(output).toContain(
      'layer breach: app/lib/billing/pdf.server.ts -> app/models/statements.server.ts',
    )
    expect(output).not.toContain('app/routes/statement.tsx')
  })

  it('reports a component importing a model, but not its type-only import', () => {
    const { status, output } = checkFixture({
      'app/models/jobs.server.ts': 'export type Job = { id: string }\nexport const jobs = []',
      'app/components/job-card.tsx':
        "import type { Job } from '~/models/jobs.server'\nexport type P = Job",
      'app/components/job-list.tsx':
        "import { jobs } from '~/models/jobs.server'\nexport const n = jobs",
    })
    expect(status).toBe(1)
    expect(output).toContain(
      'layer breach: app/components/job-list.tsx -> app/models/jobs.server.ts',
    )
    expect(output).not.toContain('job-card')
  })
})

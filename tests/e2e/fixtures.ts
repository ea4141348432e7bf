import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { loadConfig } from '../../app/platform/config.server'
import { createLogger } from '../../app/platform/logger.server'
import type { Database, DatabaseTarget } from '../../app/platform/db.server'
import type { Runtime } from '../../app/platform/runtime.server'
import { projectPath } from '../../app/platform/project-path.server'
import { startHost, type RunningHost } from '../../server/host'
import { freePort } from '../support/free-port'
import { createPostgresTestDatabase, type TestDatabase } from '../support/postgres-database'
import { ServerLog } from '../support/server-log'
import { SmtpPeer } from '../support/smtp-peer'

const SESSION_SECRET = 'e2e-session-secret-that-is-long-enough'

export interface TestApp {
  url: string
  runtime: Runtime
  db: Database
  dataDir: string
  mailDir: string
  /** The SMTP server the app delivers to, when the file asked for one (`test.use({ smtp: true })`). */
  smtpPeer: SmtpPeer | undefined
  /** The server's log: errors are printed; `log.record()` keeps every line from now on. */
  log: ServerLog
  /** The PostgreSQL database's address, when TEST_DATABASE_URL put the app on one. */
  databaseUrl: string | undefined
  /** What another instance needs to share this one's sessions. */
  sessionSecret: string
}

/**
 * Each Playwright worker starts the production build (the same host as `npm start`)
 * inside the worker, with a fresh DATA_DIR, on the embedded database or, when
 * TEST_DATABASE_URL is set, on a new PostgreSQL database; tests can then look at the rows
 * and e-mails a flow created.
 */
export const test = base.extend<
  object,
  { app: TestApp; smtp: boolean; officeTimeZone: string | undefined }
>({
  // Deliver mail to a real SMTP server (tests/support/smtp-peer.ts) instead of .eml files.
  smtp: [false, { scope: 'worker', option: true }],
  // The office's zone (OFFICE_TIME_ZONE) when a file needs another than the default.
  officeTimeZone: [undefined, { scope: 'worker', option: true }],
  app: [
    async ({ smtp, officeTimeZone }, use) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'language-services-e2e-'))
      const port = await freePort()
      let postgres: TestDatabase | undefined
      let database: DatabaseTarget = { kind: 'pglite', dataDir }
      if (process.env.TEST_DATABASE_URL) {
        postgres = await createPostgresTestDatabase()
        database = postgres.target
      }
      const smtpPeer = smtp ? new SmtpPeer() : undefined
      await smtpPeer?.start()
      const config = loadConfig({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: SESSION_SECRET,
        STAFF_NOTIFY_EMAIL: 'staff@example.com',
        LOG_LEVEL: 'info',
        MAIL_POLL_INTERVAL_MS: '100',
        ...(smtpPeer ? { SMTP_URL: smtpPeer.url } : {}),
        ...(officeTimeZone ? { OFFICE_TIME_ZONE: officeTimeZone } : {}),
      })
      const log = new ServerLog()
      const host: RunningHost = await startHost({
        root: projectPath(),
        runtime: { config, database, logger: createLogger(config, log.destination) },
      })
      await use({
        url: host.url,
        runtime: host.runtime,
        db: host.runtime.database.db,
        dataDir,
        mailDir: host.runtime.mailDir,
        smtpPeer,
        log,
        databaseUrl: postgres?.target.kind === 'postgres' ? postgres.target.url : undefined,
        sessionSecret: SESSION_SECRET,
      })
      await host.shutdown('tests finished')
      await smtpPeer?.stop()
      await postgres?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.url)
  },
})

export { expect }

/** Runs axe with the WCAG 2.1 A and AA rules and expects no violations. */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // Axe scrolls while it measures contrast, which starts the scroll reveal's fade-in; text
  // caught halfway through it reads as low contrast. With reduced motion every element is
  // in its final state, which is what is checked.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }))
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
  expect(summary, `axe violations on ${label}`).toEqual([])
}

/** With SCREENSHOT_DIR set, keeps a screenshot of `target` (a page or a part) there for a look. */
export async function keepScreenshot(target: Page | Locator, name: string) {
  const shots = process.env.SCREENSHOT_DIR
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  await target.screenshot({
    path: `${shots}/${name}.png`,
    ...('goto' in target ? { fullPage: true } : {}),
  })
}

/**
 * Axe at a phone's and a desktop's width; with SCREENSHOT_DIR set, a screenshot of each is
 * kept there for a look.
 */
export async function checkPage(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page, `${name} at ${width}px`)
    await keepScreenshot(page, `${name}-${width}`)
  }
}

/**
 * With SCREENSHOT_DIR set, a PDF's first page as a PNG beside the screenshots, drawn by
 * poppler's pdftoppm (Debian's poppler-utils), so a document is looked at like a page. Where
 * pdftoppm is missing the caller still checks the PDF as text; only the picture is not drawn.
 */
export async function keepPdfAsImage(bytes: Buffer, name: string) {
  const shots = process.env.SCREENSHOT_DIR
  if (!shots || !hasPdftoppm()) return
  mkdirSync(shots, { recursive: true })
  const pdfPath = `${shots}/${name}.pdf`
  writeFileSync(pdfPath, bytes)
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdfPath, `${shots}/${name}`])
  // A drawn page is tens of kilobytes; a blank or broken one is a few hundred bytes.
  expect(statSync(`${shots}/${name}.png`).size).toBeGreaterThan(10_000)
}

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Polls until `check` passes (for work the mail worker does in the background). Thirty
 * seconds by default: in the full run on this two-core machine a contact form's two e-mails
 * once took more than ten.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

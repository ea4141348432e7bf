import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobPostings } from '../../db/schema'
import { builtInJobPostings } from '../../app/content/job-postings'
import { projectPath } from '../../app/platform/project-path.server'
import { seedJobPostings } from '../../app/boot/seed-job-postings.server'
import {
  getOpenJobPosting,
  listOpenJobPostingsForSitemap,
  setJobPostingStatus,
} from '../../app/models/job-postings.server'
import { startHost, type RunningHost } from '../../server/host'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const GREEK = 'greek-english-remote-interpreter'

/** The JSON-LD blocks of an HTML page, parsed. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
}

describe.each(testDatabaseKinds())('job postings on %s', (kind) => {
  let test: TestRuntime
  let host: RunningHost
  beforeAll(async () => {
    test = await startTestRuntime(kind)
    // The production build served in this process on the test runtime (startRuntime
    // returns the one already running), so the page is rendered exactly as in production.
    host = await startHost({ root: projectPath(), port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    // Close the web server only: test.stop() stops the runtime and drops the database.
    const closed = new Promise((resolve) => host.server.close(resolve))
    host.server.closeAllConnections()
    await closed
    await test.stop()
  })

  it('seeds the 33 built-in postings at start-up, each paired with English', async () => {
    const rows = await test.db.select().from(jobPostings)
    expect(rows).toHaveLength(33)
    expect(rows.every((job) => job.fluentLanguage === 'English' && job.type === 'Remote')).toBe(
      true,
    )
    const greek = rows.find((job) => job.id === GREEK)
    expect(greek).toMatchObject({ title: 'Greek-English Remote Interpreter', status: 'published' })
    expect(greek?.requirements).toContain('A minimum of 2 years of interpreting experience')
  })

  it('seeds idempotently: a second run changes nothing and keeps statuses set since', async () => {
    await setJobPostingStatus(GREEK, 'closed')
    const before = await test.db.select().from(jobPostings)
    await seedJobPostings(test.db)
    await seedJobPostings(test.db)
    const after = await test.db.select().from(jobPostings)
    expect(after).toHaveLength(33)
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      before.sort((a, b) => a.id.localeCompare(b.id)),
    )
    await setJobPostingStatus(GREEK, 'published')
  })

  it('brings changed copy in line with the content module without touching the status', async () => {
    const greek = builtInJobPostings.find((job) => job.id === GREEK)!
    await setJobPostingStatus(GREEK, 'closed')
    await seedJobPostings(test.db, [
      { ...greek, title: 'Greek-English Remote Interpreter (Medical)' },
    ])
    const [changed] = await test.db.select().from(jobPostings).where(eq(jobPostings.id, GREEK))
    expect(changed).toMatchObject({
      title: 'Greek-English Remote Interpreter (Medical)',
      status: 'closed',
    })
    await seedJobPostings(test.db)
    await setJobPostingStatus(GREEK, 'published')
  })

  it('opens only published postings that have not closed, and lists only those for the sitemap', async () => {
    expect(await getOpenJobPosting(GREEK)).toBeDefined()
    expect(await getOpenJobPosting('klingon-english-remote-interpreter')).toBeUndefined()

    await setJobPostingStatus('spanish-english-remote-interpreter', 'closed')
    await setJobPostingStatus('french-english-remote-interpreter', 'draft')
    await test.db
      .update(jobPostings)
      .set({ closesAt: new Date(Date.now() - 60_000) })
      .where(eq(jobPostings.id, 'german-english-remote-interpreter'))
    try {
      for (const id of [
        'spanish-english-remote-interpreter',
        'french-english-remote-interpreter',
        'german-english-remote-interpreter',
      ])
        expect(await getOpenJobPosting(id)).toBeUndefined()
      const sitemap = await listOpenJobPostingsForSitemap()
      expect(sitemap).toHaveLength(30)
      expect(sitemap.map((entry) => entry.path)).toContain(`/jobs/${GREEK}`)
      expect(sitemap.map((entry) => entry.path)).not.toContain(
        '/jobs/spanish-english-remote-interpreter',
      )
      expect(sitemap[0]?.lastModified).toBeInstanceOf(Date)
    } finally {
      await setJobPostingStatus('spanish-english-remote-interpreter', 'published')
      await setJobPostingStatus('french-english-remote-interpreter', 'published')
      await test.db
        .update(jobPostings)
        .set({ closesAt: null })
        .where(eq(jobPostings.id, 'german-english-remote-interpreter'))
    }
  })

  it('renders a posting page whose JobPosting JSON-LD parses and has the required properties', async () => {
    const response = await fetch(`${host.url}/jobs/${GREEK}`)
    expect(response.status).toBe(200)
    const [data] = jsonLdBlocks(await response.text()).filter(
      (block) => block['@type'] === 'JobPosting',
    )
    expect(data).toBeDefined()
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      title: 'Greek-English Remote Interpreter',
      datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      employmentType: 'CONTRACTOR',
      hiringOrganization: {
        '@type': 'Organization',
        name: expect.any(String),
        sameAs: expect.stringMatching(/^http/),
        logo: expect.stringMatching(/^http.*\/logo\.svg$/),
      },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United States' },
      directApply: true,
      identifier: { '@type': 'PropertyValue', value: GREEK },
    })
    expect(data!.description).toEqual(expect.stringContaining('<h3>Requirements</h3><ul><li>'))
    expect(data).not.toHaveProperty('validThrough')
  })

  it('adds validThrough to the JSON-LD of a posting with a closing date', async () => {
    const closesAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)
    await test.db.update(jobPostings).set({ closesAt }).where(eq(jobPostings.id, GREEK))
    try {
      // The page may come from the page cache, which sees the change within a second
      // (docs/decisions/041-public-page-cache-invalidated-through-the-database.md).
      await expect
        .poll(
          async () => {
            const html = await (await fetch(`${host.url}/jobs/${GREEK}`)).text()
            const [data] = jsonLdBlocks(html).filter((block) => block['@type'] === 'JobPosting')
            return data?.validThrough
          },
          { timeout: 1_500, interval: 100 },
        )
        .toBe(closesAt.toISOString())
    } finally {
      await test.db.update(jobPostings).set({ closesAt: null }).where(eq(jobPostings.id, GREEK))
    }
  })

  it("answers 404 'Job Not Found' with a link back to careers for unknown and closed postings", async () => {
    await setJobPostingStatus('italian-english-remote-interpreter', 'closed')
    try {
      for (const id of ['no-such-job', 'italian-english-remote-interpreter']) {
        const response = await fetch(`${host.url}/jobs/${id}`)
        expect(response.status).toBe(404)
        const html = await response.text()
        expect(html).toContain('Job Not Found')
        expect(html).toMatch(/<a[^>]*href="\/careers"[^>]*>Back to Careers<\/a>/)
        expect(jsonLdBlocks(html)).toEqual([])
      }
    } finally {
      await setJobPostingStatus('italian-english-remote-interpreter', 'published')
    }
  })
})

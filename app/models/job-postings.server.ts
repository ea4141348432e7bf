import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { jobPostings } from '../../db/schema'
import { isSlug } from '../lib/http/params'
import { db } from '../platform/runtime.server'
import { connectTimePublicationVersion } from './calls/connect-time-publication.server'
import { now as currentTime } from '../platform/clock.server'

export type JobPosting = typeof jobPostings.$inferSelect

/** Published and not past its closing time: such a posting has a page and is in the sitemap. */
const openAt = (now: Date) =>
  and(
    eq(jobPostings.status, 'published'),
    or(isNull(jobPostings.closesAt), gt(jobPostings.closesAt, now)),
  )

/**
 * The posting when it is open; undefined for unknown, draft, closed or expired ids, and for
 * ids that are not slugs (a NUL byte, for one, would make PostgreSQL refuse the query).
 */
export async function getOpenJobPosting(
  id: string,
  now: Date = currentTime(),
): Promise<JobPosting | undefined> {
  if (!isSlug(id)) return undefined
  const [job] = await db()
    .select()
    .from(jobPostings)
    .where(and(eq(jobPostings.id, id), openAt(now)))
  return job
}

/** Every open posting, for the careers page. */
export async function listOpenJobPostings(now: Date = currentTime()): Promise<JobPosting[]> {
  return db().select().from(jobPostings).where(openAt(now)).orderBy(asc(jobPostings.title))
}

export interface SitemapEntry {
  /** The page's path, for example `/jobs/greek-english-remote-interpreter`. */
  path: string
  lastModified: Date
}

/** The open postings' pages for /sitemap.xml; closed and draft postings are left out. */
export async function listOpenJobPostingsForSitemap(
  now: Date = currentTime(),
): Promise<SitemapEntry[]> {
  const rows = await db()
    .select({ id: jobPostings.id, updatedAt: jobPostings.updatedAt })
    .from(jobPostings)
    .where(openAt(now))
    .orderBy(asc(jobPostings.id))
  return rows.map((row) => ({ path: `/jobs/${row.id}`, lastModified: row.updatedAt }))
}

/** Changes a posting's status (staff tools and tests); returns false for an unknown id. */
export async function setJobPostingStatus(
  id: string,
  status: JobPosting['status'],
): Promise<boolean> {
  const updated = await db()
    .update(jobPostings)
    .set({ status, updatedAt: currentTime() })
    .where(eq(jobPostings.id, id))
    .returning({ id: jobPostings.id })
  return updated.length > 0
}

/**
 * A fingerprint of everything the public pages show from the database: each job posting's id,
 * status, last change, closing time and whether it is open now, and the services page's
 * published connect time. The public page cache
 * (server/page-cache.ts) reads it every half second on every instance and drops its pages
 * when it changes, so a posting closed or changed anywhere, by any means, or reaching its
 * closing time, shows its new state within a second
 * (docs/decisions/041-public-page-cache-invalidated-through-the-database.md).
 */
export async function publicContentVersion(at: Date = currentTime()): Promise<string> {
  const [row] = await db()
    .select({
      version: sql<string>`coalesce(md5(string_agg(${jobPostings.id} || ':' || ${jobPostings.status} || ':' || ${jobPostings.updatedAt}::text || ':' || coalesce(${jobPostings.closesAt}::text, '') || ':' || (${openAt(at)})::text, ',' order by ${jobPostings.id})), '')`,
      // The services page's published connect time (app/models/calls/connect-time-publication.server.ts).
      connectTime: connectTimePublicationVersion(),
    })
    .from(jobPostings)
  return row ? `${row.version}|${row.connectTime}` : ''
}

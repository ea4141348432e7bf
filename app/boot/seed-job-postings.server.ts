import { sql } from 'drizzle-orm'
import { jobPostings } from '../../db/schema'
import { builtInJobPostings, type JobPostingContent } from '../content/job-postings'
import type { Database } from '../platform/db.server'

// The columns the content module owns. Status and dates are operational: once a posting
// exists, staff (or a migration) change them in the database and a restart keeps them.
const contentColumns = [
  'title',
  'type',
  'native_language',
  'fluent_language',
  'description',
  'requirements',
  'responsibilities',
  'benefits',
] as const

/**
 * Inserts the built-in postings that are missing and brings the copy of existing ones in
 * line with `app/content/job-postings.ts`. Safe to run on every start and on several instances at
 * once (one upsert); a row whose copy is unchanged is not touched.
 */
export async function seedJobPostings(
  db: Database,
  content: readonly JobPostingContent[] = builtInJobPostings,
) {
  if (content.length === 0) return
  const excluded = (column: string) => sql.raw(`excluded."${column}"`)
  const current = (column: string) => sql.raw(`"job_postings"."${column}"`)
  await db
    .insert(jobPostings)
    .values(
      content.map((job) => ({
        id: job.id,
        title: job.title,
        type: job.type,
        nativeLanguage: job.nativeLanguage,
        fluentLanguage: job.fluentLanguage,
        description: job.description,
        requirements: job.requirements,
        responsibilities: job.responsibilities,
        benefits: job.benefits,
        status: job.status,
        postedOn: job.postedOn,
        closesAt: job.closesAt ? new Date(job.closesAt) : null,
      })),
    )
    .onConflictDoUpdate({
      target: jobPostings.id,
      set: {
        title: sql`excluded.title`,
        type: sql`excluded.type`,
        nativeLanguage: sql`excluded.native_language`,
        fluentLanguage: sql`excluded.fluent_language`,
        description: sql`excluded.description`,
        requirements: sql`excluded.requirements`,
        responsibilities: sql`excluded.responsibilities`,
        benefits: sql`excluded.benefits`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${sql.join(contentColumns.map(current), sql`, `)}) is distinct from (${sql.join(
        contentColumns.map(excluded),
        sql`, `,
      )})`,
    })
}

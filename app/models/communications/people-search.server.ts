import { desc, sql } from 'drizzle-orm'
import { leads, interpreterApplications } from '../../../db/schema'
import { containsPattern } from '../../lib/admin/list-filters'
import { db } from '../../platform/runtime.server'

export interface PersonMatch {
  /** The value of the recipients select: `application:<id>` or `client:<id>`. */
  key: string
  name: string
  email: string
  kind: 'Interpreter' | 'Client'
}

const applicationNameEmail = sql`(${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName} || ' ' || ${interpreterApplications.email})`
const clientSearchText = sql`(${leads.name} || ' ' || ${leads.email} || ' ' || ${leads.company} || ' ' || ${leads.message})`

/** People to write to one by one: interpreters and clients whose name or e-mail matches. */
export async function findPeople(query: string, limit = 10): Promise<PersonMatch[]> {
  const q = query.trim().slice(0, 200)
  if (q.length < 2) return []
  const pattern = containsPattern(q)
  const [applicants, clients] = await Promise.all([
    db()
      .select({
        id: interpreterApplications.id,
        firstName: interpreterApplications.firstName,
        lastName: interpreterApplications.lastName,
        email: interpreterApplications.email,
      })
      .from(interpreterApplications)
      .where(sql`${applicationNameEmail} ilike ${pattern}`)
      .orderBy(desc(interpreterApplications.createdAt))
      .limit(limit),
    db()
      .select({ id: leads.id, name: leads.name, email: leads.email })
      .from(leads)
      .where(sql`${clientSearchText} ilike ${pattern}`)
      .orderBy(desc(leads.createdAt))
      .limit(limit),
  ])
  return [
    ...applicants.map((row) => ({
      key: `application:${row.id}`,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      kind: 'Interpreter' as const,
    })),
    ...clients.map((row) => ({
      key: `client:${row.id}`,
      name: row.name,
      email: row.email,
      kind: 'Client' as const,
    })),
  ].slice(0, limit)
}

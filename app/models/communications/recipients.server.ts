import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { leads, interpreterApplications, mailUnsubscribes } from '../../../db/schema'
import {
  recipientGroupRules,
  recipientGroups,
  type RecipientGroup,
  type RecipientGroupRule,
  type RecipientSelection,
} from '../../domain/communications'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'

export interface Recipient {
  email: string
  name: string
}

// Addresses that unsubscribed are left out of group sends (docs/product.md#mail-and-calls).
const notUnsubscribed = (email: AnyPgColumn) =>
  sql`not exists (select 1 from ${mailUnsubscribes} where ${mailUnsubscribes.email} = lower(${email}))`

/**
 * The applications an interpreter group's rule (app/domain/communications.ts) takes in: the
 * group counts and the send both use it, so the number staff confirm is the number sent.
 */
function applicationsOf(rule: Extract<RecipientGroupRule, { audience: 'interpreters' }>): SQL {
  return inArray(interpreterApplications.status, [...rule.applicationStatuses])
}

/**
 * Each group's current number of recipients: distinct addresses, without those that
 * unsubscribed. Two aggregate queries (one per table) whatever the number of applications;
 * the unsubscribe check is an index lookup per row.
 */
export async function recipientGroupCounts(tx?: Database): Promise<Record<RecipientGroup, number>> {
  const email = sql`lower(${interpreterApplications.email})`
  const counts = {} as Record<RecipientGroup, number>
  const perInterpreterGroup: Record<string, SQL<number>> = {}
  for (const group of recipientGroups) {
    const rule = recipientGroupRules[group]
    if (rule.audience === 'interpreters')
      perInterpreterGroup[group] =
        sql<number>`count(distinct ${email}) filter (where ${applicationsOf(rule)})::int`
  }
  const [interpreters] = await db(tx)
    .select(perInterpreterGroup)
    .from(interpreterApplications)
    .where(notUnsubscribed(interpreterApplications.email))
  const [clients] = await db(tx)
    .select({ count: sql<number>`count(distinct lower(${leads.email}))::int` })
    .from(leads)
    .where(notUnsubscribed(leads.email))
  for (const group of recipientGroups)
    counts[group] =
      recipientGroupRules[group].audience === 'clients'
        ? (clients?.count ?? 0)
        : Number(interpreters?.[group] ?? 0)
  return counts
}

/** The recipients of a selection, one per address (the newest record's name), by address. */
export async function recipientsOf(
  selection: RecipientSelection,
  options: { limit?: number; tx?: Database } = {},
): Promise<Recipient[]> {
  const database = db(options.tx)
  if (selection.kind === 'person') {
    if (selection.source === 'application') {
      const [row] = await database
        .select({
          email: interpreterApplications.email,
          firstName: interpreterApplications.firstName,
          lastName: interpreterApplications.lastName,
        })
        .from(interpreterApplications)
        .where(eq(interpreterApplications.id, selection.id))
      return row ? [{ email: row.email, name: `${row.firstName} ${row.lastName}` }] : []
    }
    const [row] = await database
      .select({ email: leads.email, name: leads.name })
      .from(leads)
      .where(eq(leads.id, selection.id))
    return row ? [row] : []
  }
  const rule = recipientGroupRules[selection.group]
  if (rule.audience === 'clients') {
    const query = database
      .selectDistinctOn([sql`lower(${leads.email})`], {
        email: leads.email,
        name: leads.name,
      })
      .from(leads)
      .where(notUnsubscribed(leads.email))
      .orderBy(sql`lower(${leads.email})`, desc(leads.createdAt))
    return options.limit ? query.limit(options.limit) : query
  }
  const query = database
    .selectDistinctOn([sql`lower(${interpreterApplications.email})`], {
      email: interpreterApplications.email,
      name: sql<string>`${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName}`,
    })
    .from(interpreterApplications)
    .where(and(notUnsubscribed(interpreterApplications.email), applicationsOf(rule)))
    .orderBy(sql`lower(${interpreterApplications.email})`, desc(interpreterApplications.createdAt))
  return options.limit ? query.limit(options.limit) : query
}

/** How many people a selection reaches now: the number a group send is confirmed with. */
export async function countRecipients(selection: RecipientSelection): Promise<number> {
  if (selection.kind === 'group') return (await recipientGroupCounts())[selection.group]
  return (await recipientsOf(selection)).length
}

import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  clientMemberships,
  leads,
  interpreterApplications,
  mailUnsubscribes,
  users,
} from '../../../db/schema'
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
 * All Clients: the active accounts of client organizations (role client with a membership).
 * Account addresses are unique and stored lower-cased (db/schema/users.ts), so one row is
 * one address.
 */
const clientUsersWhere = () =>
  and(eq(users.role, 'client'), eq(users.active, true), notUnsubscribed(users.email))

/**
 * Prospects: the addresses of leads (contact and demo form) that belong to no client
 * account, active or not: someone who became a client is not a prospect any more.
 */
const prospectsWhere = () =>
  and(
    notUnsubscribed(leads.email),
    sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(${leads.email}) and ${users.role} = 'client')`,
  )

/**
 * The applications an interpreter group's rule (app/domain/communications.ts) takes in: the
 * group counts and the send both use it, so the number staff confirm is the number sent.
 */
function applicationsOf(rule: Extract<RecipientGroupRule, { audience: 'interpreters' }>): SQL {
  return inArray(interpreterApplications.status, [...rule.applicationStatuses])
}

/**
 * Each group's current number of recipients: distinct addresses, without those that
 * unsubscribed. Three aggregate queries (applications, client accounts, leads) whatever the
 * number of rows; the unsubscribe and client-account checks are index lookups per row.
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
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(clientMemberships, eq(clientMemberships.userId, users.id))
    .where(clientUsersWhere())
  const [prospects] = await db(tx)
    .select({ count: sql<number>`count(distinct lower(${leads.email}))::int` })
    .from(leads)
    .where(prospectsWhere())
  for (const group of recipientGroups) {
    const { audience } = recipientGroupRules[group]
    counts[group] =
      audience === 'clients'
        ? (clients?.count ?? 0)
        : audience === 'prospects'
          ? (prospects?.count ?? 0)
          : Number(interpreters?.[group] ?? 0)
  }
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
      .select({ email: users.email, name: users.name })
      .from(users)
      .innerJoin(clientMemberships, eq(clientMemberships.userId, users.id))
      .where(clientUsersWhere())
      .orderBy(users.email)
    return options.limit ? query.limit(options.limit) : query
  }
  if (rule.audience === 'prospects') {
    const query = database
      .selectDistinctOn([sql`lower(${leads.email})`], {
        email: leads.email,
        name: leads.name,
      })
      .from(leads)
      .where(prospectsWhere())
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

import { sql } from 'drizzle-orm'
import { leads } from '../../../db/schema'
import { leadStatuses, type LeadStatus } from '../../domain/statuses'
import { listPage, listRowBatches, type FilteredList } from '../../lib/admin/filtered-list.server'
import type { ListFilters } from '../../lib/admin/list-filters'
import { db } from '../../platform/runtime.server'
import { countsByStatus } from '../status-counts.server'

export const leadSorts = ['createdAt', 'name', 'company', 'status'] as const
export type LeadSort = (typeof leadSorts)[number]
export type LeadFilters = ListFilters<LeadStatus, LeadSort>

/** The expression the trigram index covers (db/schema/leads.ts). */
const searchText = sql`(${leads.name} || ' ' || ${leads.email} || ' ' || ${leads.company} || ' ' || ${leads.message})`

const leadList: FilteredList<typeof leads, LeadFilters> = {
  table: leads,
  searchText: () => searchText,
  sortedBy: (filters, direction, key) => [direction(key(leads[filters.sort]))],
  countsByStatus: () => countsByStatus('leads'),
}

/** One page of leads matching the search (name, e-mail, company, message) and status. */
export async function listLeads(filters: LeadFilters) {
  return listPage(db(), leadList, filters)
}

/** Every lead matching the filters, in list order and in batches, for the CSV export. */
export function leadsMatching(filters: LeadFilters) {
  return listRowBatches(db(), leadList, filters)
}

/** How many leads there are in all and in each status. */
export async function leadCounts(): Promise<Record<LeadStatus | 'total', number>> {
  const byStatus = await countsByStatus('leads')
  const counts = { total: 0 } as Record<LeadStatus | 'total', number>
  for (const status of leadStatuses) {
    counts[status] = byStatus.get(status) ?? 0
    counts.total += counts[status]
  }
  return counts
}

export async function countLeads(): Promise<number> {
  return db().$count(leads)
}

import { describe, expect, it } from 'vitest'
import {
  dashboardCards,
  isFullyOnboarded,
  languagesSummary,
  startOfThisWeek,
  statisticsFrom,
  type ApplicationCounts,
} from './statistics'

const applications: ApplicationCounts = {
  total: 10,
  pending: 4,
  approved: 3,
  rejected: 2,
  interview_scheduled: 1,
  withdrawn: 0,
  thisWeek: 5,
  fullyOnboarded: 1,
}

describe('statistics (docs/product.md#statistics)', () => {
  it('counts interpreters as the approved applications and new requests separately', () => {
    expect(statisticsFrom(applications, { total: 7, new: 2 })).toEqual({
      totalInterpreters: 3,
      activeInterpreters: 3,
      pendingApplications: 4,
      totalLeads: 7,
      newLeads: 2,
    })
  })

  it('gives the dashboard cards', () => {
    expect(dashboardCards(applications, { total: 7, new: 2 })).toEqual({
      totalApplications: 10,
      pendingReview: 4,
      leads: 7,
      thisWeek: 5,
    })
  })

  it("starts 'this week' seven days ago", () => {
    expect(startOfThisWeek(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe(
      '2026-11-15T12:00:00.000Z',
    )
  })

  it('is fully onboarded at six of six steps', () => {
    expect(isFullyOnboarded(5)).toBe(false)
    expect(isFullyOnboarded(6)).toBe(true)
  })

  it('shows two languages and +n for the rest', () => {
    expect(languagesSummary(['Korean'])).toEqual({ shown: ['Korean'], more: 0 })
    expect(languagesSummary(['Korean', 'Japanese', 'Thai', 'Lao'])).toEqual({
      shown: ['Korean', 'Japanese'],
      more: 2,
    })
  })
})

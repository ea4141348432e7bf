import { onboardingSteps } from './onboarding'

/**
 * The business rules of the admin numbers (docs/product.md#statistics,
 * docs/product.md#constants) in one tested place.
 */

/** 'This week' is the last seven days, counted back from now. */
export const THIS_WEEK_MS = 7 * 24 * 60 * 60 * 1000

export function startOfThisWeek(now: Date): Date {
  return new Date(now.getTime() - THIS_WEEK_MS)
}

/** Fully onboarded means every step done: six of six. */
export const ONBOARDING_STEP_COUNT = onboardingSteps.length

export function isFullyOnboarded(onboardingProgress: number): boolean {
  return onboardingProgress >= ONBOARDING_STEP_COUNT
}

export interface ApplicationCounts {
  total: number
  pending: number
  approved: number
  rejected: number
  interview_scheduled: number
  withdrawn: number
  /** Created in the last seven days. */
  thisWeek: number
  /** Approved with all six onboarding steps done. */
  fullyOnboarded: number
}

export interface LeadCounts {
  total: number
  new: number
}

/** The statistics of docs/product.md#statistics, from the counts. */
export interface Statistics {
  totalInterpreters: number
  activeInterpreters: number
  pendingApplications: number
  totalLeads: number
  newLeads: number
}

export function statisticsFrom(applications: ApplicationCounts, leads: LeadCounts): Statistics {
  return {
    // Both equal the approved applications (docs/product.md#statistics).
    totalInterpreters: applications.approved,
    activeInterpreters: applications.approved,
    pendingApplications: applications.pending,
    totalLeads: leads.total,
    newLeads: leads.new,
  }
}

/** The dashboard's four cards. */
export function dashboardCards(applications: ApplicationCounts, leads: LeadCounts) {
  return {
    totalApplications: applications.total,
    pendingReview: applications.pending,
    leads: leads.total,
    thisWeek: applications.thisWeek,
  }
}

/** 'Korean, Japanese +2': the first two languages and how many more (docs/product.md#constants). */
export function languagesSummary(
  languages: readonly string[],
  shown = 2,
): { shown: string[]; more: number } {
  return { shown: languages.slice(0, shown), more: Math.max(0, languages.length - shown) }
}

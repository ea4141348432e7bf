/**
 * The company's marketing claims (docs/product.md#marketing-claims), in one place. Where a
 * figure has two readings on different pages, both are here under names that say which page
 * uses which.
 */
export const claims = {
  /** Most pages; the structured company data says 200+ as well. */
  languages: '200+',
  /** The About page's company description (and one job text) say 350+. */
  languagesInCompanyDescription: '350+',
  availability: '24/7',
  accuracyRate: '99%',
  peopleJoined: '1,500',
  linguists: '150+',
  combinedExpertiseYears: '8+',
  uptimeGuarantee: '99.9%',
  averageConnection: 'under 30 seconds',
  experienceYears: '15+',
  /** The Industries page. */
  clients: '10K+',
  /** The About page. */
  clientsOnAboutPage: '1,200+',
  countries: '50+',
  contractInterpreters: '1,500+',
  founded: 1998,
  confidentiality: '100%',
  /** Response times: the contact page, the About page (and the client follow-up), job applications. */
  responseTime: {
    contactPage: '1 hour',
    aboutPage: '2 hours',
    jobApplications: '24 hours',
  },
  /** FAQ: how fast an interpreter is with you. */
  onSiteUrgentResponse: '2-4 hours',
  remoteConnection: 'about 2-5 minutes',
} as const

/** A figure and what it counts, for the stat strips. */
export interface Stat {
  /** The figure (`200+`), the same in every language. */
  value: string
  label: string
  /**
   * The figure with words (`8+ years`), shown instead of `value`: a text of the catalogues,
   * which leave `value` alone (app/i18n/catalogue.server.ts).
   */
  inWords?: string
}

import { claims } from './claims'

/**
 * The structured company data (docs/product.md#constants), for the Organization JSON-LD of
 * every public page. The company's name, phone, e-mail and address come from the
 * configuration.
 */
export const organizationFacts = {
  description: `Professional interpretation and translation services in ${claims.languages} languages, available ${claims.availability} and HIPAA compliant.`,
  languages: claims.languages,
  availability: claims.availability,
  hipaaCompliant: true,
  foundingYear: claims.founded,
  services: [
    'Phone Interpretation',
    'Video Interpretation',
    'On-Site Interpretation',
    'Document Translation',
    'Medical Interpretation',
    'Legal Interpretation',
    'Business Process Outsourcing',
  ],
} as const

/** The Organization data's words, as a copy tree of the catalogues (app/i18n/sources.server.ts). */
export const organizationWords = {
  description: organizationFacts.description,
  knowsAbout: [
    `${organizationFacts.languages} languages`,
    `${organizationFacts.availability} availability`,
    'HIPAA compliant',
    ...organizationFacts.services,
  ],
  services: organizationFacts.services,
  areaServed: 'United States',
  contactType: 'customer service',
  catalogueName: 'Language services',
}
export type OrganizationWords = typeof organizationWords

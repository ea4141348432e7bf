import { organizationFacts } from '~/content/marketing/organization'
import type { CompanyIdentity } from '../../domain/company'
import type { JsonLdObject } from './structured-data'

/**
 * The Organization structured data of every public page (docs/product.md#constants), built
 * on the server and handed to the page by the root loader.
 */
export function organizationJsonLd(siteUrl: string, company: CompanyIdentity): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: company.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.svg`,
    description: organizationFacts.description,
    foundingDate: String(organizationFacts.foundingYear),
    telephone: company.phone,
    email: company.email,
    address: company.address,
    areaServed: { '@type': 'Country', name: 'United States' },
    knowsAbout: [
      `${organizationFacts.languages} languages`,
      `${organizationFacts.availability} availability`,
      'HIPAA compliant',
      ...organizationFacts.services,
    ],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: company.phone,
      email: company.email,
      availableLanguage: 'English',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '00:00',
        closes: '23:59',
      },
    },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Language services',
      itemListElement: organizationFacts.services.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: service },
      })),
    },
  }
}

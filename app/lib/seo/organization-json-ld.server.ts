import {
  organizationFacts,
  organizationWords,
  type OrganizationWords,
} from '~/content/marketing/organization'
import type { CompanyIdentity } from '../../domain/company'
import type { JsonLdObject } from './structured-data'

/**
 * The Organization structured data of every public page (docs/product.md#constants), built
 * on the server and handed to the page by its loader, with its words in the page's language.
 */
export function organizationJsonLd(
  siteUrl: string,
  company: CompanyIdentity,
  words: OrganizationWords = organizationWords,
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: company.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.svg`,
    description: words.description,
    foundingDate: String(organizationFacts.foundingYear),
    telephone: company.phone,
    email: company.email,
    address: company.address,
    areaServed: { '@type': 'Country', name: words.areaServed },
    knowsAbout: words.knowsAbout,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: words.contactType,
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
      name: words.catalogueName,
      itemListElement: words.services.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: service },
      })),
    },
  }
}

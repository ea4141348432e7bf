import type { ContentIconName } from '~/components/ui/icons/content-icons'
import { claims } from './claims'

/** The Industries page (docs/product.md#other-public-pages). */
export const industriesHero = {
  heading: 'Industries We Serve',
  text: 'Interpreters who know your field: its vocabulary, its procedures and what is at stake in every conversation.',
} as const

/** The stats strip; the Industries page gives 10K+ clients. */
export const industriesStats = [
  { value: claims.languages, label: 'Languages' },
  { value: claims.clients, label: 'Clients served' },
  { value: claims.accuracyRate, label: 'Accuracy rate' },
  { value: claims.availability, label: 'Availability' },
] as const

export interface IndustryDetail {
  /** Anchor of the card: the header's Specializations link here. */
  id: string
  title: string
  description: string
  icon: ContentIconName
  services: string[]
  specialties: string[]
}

export const industryDetails: IndustryDetail[] = [
  {
    id: 'healthcare',
    title: 'Healthcare',
    description:
      'Medical interpreting that is HIPAA compliant, so that patients understand their diagnosis, their treatment and their rights.',
    icon: 'heart-pulse',
    services: [
      'Over-the-phone and video interpreting at the bedside',
      'On-site interpreters for surgery, oncology and maternity',
      'Translation of consent forms and discharge instructions',
    ],
    specialties: ['Emergency medicine', 'Mental health', 'Pediatrics', 'Telehealth'],
  },
  {
    id: 'legal',
    title: 'Legal',
    description:
      'Court-certified interpreters and certified translations for courts, law firms and legal aid organizations.',
    icon: 'scale',
    services: [
      'Court and deposition interpreting',
      'Attorney-client consultations',
      'Certified translation of evidence and filings',
    ],
    specialties: [
      'Criminal and civil courts',
      'Immigration',
      'Family law',
      'Workers’ compensation',
    ],
  },
  {
    id: 'government',
    title: 'Government',
    description:
      'Language access for federal, state and local agencies that serve every resident, whatever language they speak.',
    icon: 'landmark',
    services: [
      'Public benefits and social services appointments',
      'Emergency management and public safety lines',
      'Translation of notices, forms and public information',
    ],
    specialties: ['Title VI compliance', 'Social services', 'Public health', 'Elections'],
  },
  {
    id: 'education',
    title: 'Education',
    description:
      'Interpreters and translations that bring every family into their child’s education, from kindergarten to university.',
    icon: 'graduation-cap',
    services: [
      'Parent-teacher conference interpreting',
      'IEP and special education meetings',
      'Translation of report cards and school communications',
    ],
    specialties: ['K-12 schools', 'Special education', 'Higher education', 'Adult education'],
  },
  {
    id: 'business',
    title: 'Business',
    description:
      'Business interpreting and localization that help companies sell, serve and negotiate in any market.',
    icon: 'briefcase',
    services: [
      'Meeting and conference interpreting',
      'Multilingual customer support lines',
      'Website, software and marketing localization',
    ],
    specialties: ['Manufacturing', 'Technology', 'Retail', 'Hospitality'],
  },
  {
    id: 'insurance',
    title: 'Insurance',
    description:
      'Accurate interpreting for claims, enrollment and member services, where a misunderstanding costs money and trust.',
    icon: 'umbrella',
    services: [
      'Claims and adjuster call interpreting',
      'Member services and enrollment support',
      'Translation of policies and benefit documents',
    ],
    specialties: [
      'Health insurance',
      'Auto and property claims',
      'Life insurance',
      'Workers’ compensation',
    ],
  },
]

export interface IndustryReason {
  title: string
  text: string
  icon: ContentIconName
}

/** Four reasons to choose industry-specific interpreters. */
export const industryReasons: IndustryReason[] = [
  {
    title: 'Specialized terminology',
    text: 'Interpreters trained in the vocabulary of your field render every term precisely.',
    icon: 'award',
  },
  {
    title: 'Knowledge of procedures',
    text: 'They know how a hearing, an IEP meeting or a triage interview runs, and keep it running.',
    icon: 'target',
  },
  {
    title: 'Compliance built in',
    text: 'HIPAA, Title VI and court rules are part of their training, not an afterthought.',
    icon: 'shield-check',
  },
  {
    title: 'Cultural understanding',
    text: 'They bridge cultural differences that words alone do not, so nothing is lost.',
    icon: 'users',
  },
]

export const industriesCallToAction = {
  heading: 'Find the right interpreter for your industry',
  text: `Talk to our team ${claims.availability} about the languages and settings you need.`,
  primary: { label: 'Contact Us', to: '/contact' },
  secondary: { label: 'View Our Services', to: '/services' },
} as const

/**
 * Everything the Industries page says, in one copy tree (app/i18n/sources.server.ts): its
 * loader hands it to the page in the page's language.
 */
export const industriesPage = {
  seo: {
    title: 'Industries We Serve: Healthcare, Legal, Government and More',
    description:
      'Industry-specific interpreters and translators for healthcare, legal, government, education, business and insurance: HIPAA-compliant, court-certified and trained in your terminology.',
    keywords: [
      'medical interpreting',
      'court interpreter',
      'government language access',
      'education interpreter',
      'business interpreting',
      'insurance interpreting',
    ],
  },
  crumb: 'Industries',
  eyebrow: 'Industries',
  industriesHero,
  statsLabel: 'Our numbers',
  industriesStats,
  cards: {
    heading: 'Specialized Language Services for Every Sector',
    services: 'Services',
    specialties: 'Specialties',
  },
  industryDetails,
  reasonsHeading: 'Why Choose Industry-Specific Interpreters?',
  industryReasons,
  industriesCallToAction,
}

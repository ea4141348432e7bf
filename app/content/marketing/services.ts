import type { ContentIconName } from '~/components/ui/icons/content-icons'
import { claims, type Stat } from './claims'

/** The Services page (docs/product.md#other-public-pages). */
export const servicesHero = {
  heading: 'Our Language Services',
  text: `Phone, video and on-site interpretation and certified document translation in ${claims.languages} languages, ${claims.availability}, delivered by professional linguists who know your industry.`,
} as const

export const servicesStats: Stat[] = [
  { value: claims.languages, label: 'Languages' },
  { value: claims.availability, label: 'Availability' },
  { value: claims.uptimeGuarantee, label: 'Uptime guarantee' },
  { value: '30s', inWords: 'Under 30s', label: 'Average connection' },
]

export interface ServiceOffering {
  /** Anchor of the card: the header and footer link to it. */
  id: string
  title: string
  description: string
  icon: ContentIconName
  features: string[]
}

/** The four service cards, each with its feature list. */
export const serviceOfferings: ServiceOffering[] = [
  {
    id: 'phone-interpretation',
    title: 'Phone Interpretation',
    description: `Instant access to professional interpreters over the phone, with an average connection time ${claims.averageConnection}.`,
    icon: 'phone',
    features: [
      `${claims.availability} availability, including holidays`,
      `${claims.languages} languages on demand`,
      'No appointment or minimum call length',
      'Works from any landline or mobile phone',
      'Conference calls with three or more parties',
    ],
  },
  {
    id: 'video-remote-interpretation',
    title: 'Video Remote Interpretation',
    description:
      'Face-to-face interpreting on a tablet, computer or phone, for conversations where expressions and gestures matter.',
    icon: 'video',
    features: [
      'American Sign Language and spoken languages',
      'HIPAA-compliant, encrypted video',
      `${claims.uptimeGuarantee} platform uptime guarantee`,
      'Works in the browser and on iOS and Android',
      'Joins Zoom, Microsoft Teams and Webex calls',
    ],
  },
  {
    id: 'on-site-interpretation',
    title: 'On-Site Interpretation',
    description:
      'A certified interpreter in the room for appointments, hearings, meetings and events, anywhere in the country.',
    icon: 'building',
    features: [
      'Medical, legal and court-certified interpreters',
      'Consecutive and simultaneous interpreting',
      'Conference equipment for events on request',
      'Same-day scheduling for urgent needs',
      'Nationwide service',
    ],
  },
  {
    id: 'document-translation',
    title: 'Document Translation',
    description:
      'Certified translation of the documents your clients need to read, sign and rely on, checked by a second linguist.',
    icon: 'file-text',
    features: [
      'Medical records and patient materials',
      'Legal documents, contracts and court filings',
      'Certified translations with a certificate of accuracy',
      'Website and software localization',
      `${claims.accuracyRate} accuracy rate with two-step review`,
    ],
  },
]

export interface IndustryTile {
  title: string
  text: string
  icon: ContentIconName
}

/** The six industry tiles below the service cards. */
export const servicesIndustryTiles: IndustryTile[] = [
  {
    title: 'Healthcare',
    text: 'HIPAA-compliant medical interpreting for hospitals, clinics and telehealth.',
    icon: 'heart-pulse',
  },
  {
    title: 'Legal',
    text: 'Court-certified interpreters for hearings, depositions and client meetings.',
    icon: 'scale',
  },
  {
    title: 'Government',
    text: 'Language access for agencies, public benefits and emergency services.',
    icon: 'landmark',
  },
  {
    title: 'Education',
    text: 'Interpreters for parent conferences, IEP meetings and enrollment.',
    icon: 'graduation-cap',
  },
  {
    title: 'Business',
    text: 'Negotiations, customer service and training in your customers’ languages.',
    icon: 'briefcase',
  },
  {
    title: 'Non-Profit',
    text: 'Community programs, refugee services and outreach that reach everyone.',
    icon: 'hand-heart',
  },
]

export const servicesCallToAction = {
  heading: 'Ready to break down language barriers?',
  text: 'Tell us what you need and get a free consultation. Nationwide service, remote and on site.',
  primary: { label: 'Get a Free Quote', to: '/contact' },
  secondary: { label: 'Explore Industries', to: '/industries' },
} as const

/**
 * The measured connect time under the figures, when one is published: its loader fills in the
 * median (`{count}` seconds, or `{minutes}` and `{seconds}`).
 */
export const servicesConnectTime = {
  label: 'Measured connect time',
  before: 'Median time to a live interpreter:',
  after: ', measured over our on-demand calls of the last 30 days.',
  seconds: '{count, plural, one {# second} other {# seconds}}',
  minutes: '{minutes} min',
  minutesAndSeconds: '{minutes} min {seconds} s',
}

/**
 * Everything the Services page says, in one copy tree (app/i18n/sources.server.ts): its
 * loader hands it to the page in the page's language.
 */
export const servicesPage = {
  seo: {
    title: 'Interpretation and Translation Services',
    description: `Phone interpretation, video remote interpretation, on-site interpretation and certified document translation in ${claims.languages} languages, ${claims.availability}, with a ${claims.uptimeGuarantee} uptime guarantee.`,
    keywords: [
      'phone interpretation',
      'video remote interpretation',
      'on-site interpretation',
      'document translation',
      'certified translation',
      'ASL interpreting',
    ],
  },
  crumb: 'Services',
  eyebrow: 'Services',
  servicesHero,
  statsLabel: 'Service figures',
  servicesStats,
  measuredConnectTime: servicesConnectTime,
  offerings: {
    heading: 'How We Help You Communicate',
    text: 'Choose the way of interpreting that fits the conversation, or combine them.',
    /** The name of a card's list of features. */
    featuresLabel: '{title} features',
  },
  serviceOfferings,
  industryTiles: {
    heading: 'Industries We Serve',
    text: 'Interpreters matched to the vocabulary and procedures of your field.',
  },
  servicesIndustryTiles,
  servicesCallToAction,
}

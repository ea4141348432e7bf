import type { ContentIconName } from '~/components/ui/icons/content-icons'
import { claims } from './claims'

/** The About page (docs/product.md#other-public-pages). */
export const aboutHero = {
  heading: 'About Us',
  text: `Since ${claims.founded} we have helped organizations speak with the people they serve, in every language and at every hour.`,
} as const

export const aboutMission = {
  heading: 'Our Mission',
  paragraphs: [
    'Our mission is simple: no one should be denied care, justice, education or service because of the language they speak. We connect people and organizations with professional interpreters and translators who deliver every word accurately, confidentially and with respect.',
    `We reply to every enquiry within ${claims.responseTime.aboutPage}, and our interpreters are ready ${claims.availability}, because the conversations that matter most rarely wait for business hours.`,
  ],
} as const

export interface OverviewItem {
  title: string
  text: string
  icon: ContentIconName
}

export const aboutServiceOverview: OverviewItem[] = [
  {
    title: 'Phone Interpretation',
    text: 'Interpreters on the line in seconds, around the clock.',
    icon: 'phone',
  },
  {
    title: 'Video Remote Interpretation',
    text: 'Face-to-face interpreting, sign language included, on any device.',
    icon: 'video',
  },
  {
    title: 'On-Site Interpretation',
    text: 'Certified interpreters in person, nationwide.',
    icon: 'users',
  },
  {
    title: 'Document Translation',
    text: 'Certified translations reviewed by a second linguist.',
    icon: 'file-text',
  },
]

/** The About page's figures; this page gives 1,200+ clients. */
export const aboutStats = [
  { value: claims.experienceYears, label: 'Years of experience' },
  { value: claims.clientsOnAboutPage, label: 'Clients served' },
  { value: claims.countries, label: 'Countries' },
  { value: claims.contractInterpreters, label: 'Contract interpreters' },
] as const

/** The company description of the global network gives 350+ languages. */
export const aboutGlobalNetwork = {
  heading: 'A Global Network of Linguists',
  text: `Our network of ${claims.contractInterpreters} contract interpreters and translators in ${claims.countries} countries covers ${claims.languagesInCompanyDescription} languages and dialects, from the most widely spoken to rare indigenous languages. Wherever your clients come from, we have someone who speaks their language.`,
} as const

export const aboutCommitments: { heading: string; items: OverviewItem[] } = {
  heading: 'Our Commitments',
  items: [
    {
      title: 'Confidentiality',
      text: `${claims.confidentiality} confidential: every linguist signs a confidentiality agreement, our processes are HIPAA compliant and remote sessions are encrypted.`,
      icon: 'lock',
    },
    {
      title: 'Quality',
      text: `Proficiency testing, continuing training and a two-step review of every translation keep our accuracy rate at ${claims.accuracyRate}.`,
      icon: 'badge-check',
    },
    {
      title: 'Certified professionals',
      text: 'Medical interpreters certified by CCHI or NBCMI and court-certified legal interpreters.',
      icon: 'award',
    },
    {
      title: 'Accountability',
      text: 'Every session is logged and reported, so you can show the language access you provide.',
      icon: 'clipboard-check',
    },
  ],
}

export const aboutCallToAction = {
  heading: 'Let’s talk about your language needs',
  text: 'Tell us about your organization and we will recommend the right mix of services.',
  primary: { label: 'Start a Conversation', to: '/contact' },
  secondary: { label: 'Get a Free Quote', to: '/contact' },
} as const

/**
 * Everything the About page says, in one copy tree (app/i18n/sources.server.ts): its loader
 * hands it to the page in the page's language.
 */
export const aboutPage = {
  seo: {
    title: 'About Us: Our Mission, Network and Commitments',
    description: `Founded in ${claims.founded}, we connect organizations with ${claims.contractInterpreters} professional interpreters and translators in ${claims.countries} countries, ${claims.availability}, with ${claims.confidentiality} confidentiality.`,
    keywords: [
      'about our language services',
      'professional interpreters',
      'translation company',
      'HIPAA compliant interpreting',
      'interpreter network',
    ],
  },
  crumb: 'About',
  eyebrow: 'Who we are',
  aboutHero,
  aboutMission,
  serviceOverviewHeading: 'What We Do',
  aboutServiceOverview,
  statsLabel: 'Our company in numbers',
  aboutStats,
  aboutGlobalNetwork,
  aboutCommitments,
  aboutCallToAction,
}

import type { ContentIconName } from '~/components/ui/icons/content-icons'
import { claims, type Stat } from './claims'
import { industryDetails } from './industries'

/** The home page (docs/product.md#home-page), section by section. */
export const homeHero = {
  headline: 'Breaking Language Barriers, Connecting Communities',
  pitch: `Professional interpretation and translation in ${claims.languages} languages, ${claims.availability}. Over the phone, by video or on site, our certified linguists help hospitals, courts, schools and businesses understand every person they serve.`,
  joinedClaim: `${claims.peopleJoined} interpreters and translators have already joined our team.`,
  primaryAction: { label: 'Contact Us', to: '/contact' },
  secondaryAction: { label: 'Join Our Team', to: '/careers' },
} as const

export interface ServiceCard {
  title: string
  description: string
  icon: ContentIconName
}

/** The eight service cards of the home page's Services section (anchor `services`). */
export const homeServices: ServiceCard[] = [
  {
    title: 'Over-the-Phone Interpreting',
    description: `Connect to a professional interpreter in ${claims.averageConnection}, any hour of the day, for calls, appointments and emergencies.`,
    icon: 'phone',
  },
  {
    title: 'Video Remote Interpreting',
    description:
      'Face-to-face interpreting on any device, including American Sign Language, with secure, HIPAA-compliant video.',
    icon: 'video',
  },
  {
    title: 'On-Site Interpreting',
    description:
      'Certified interpreters at your hospital, courtroom, school or meeting, for the conversations that need someone in the room.',
    icon: 'building',
  },
  {
    title: 'Document Translation',
    description:
      'Accurate, certified translation of medical records, legal documents, contracts and patient materials, reviewed by a second linguist.',
    icon: 'file-text',
  },
  {
    title: 'Voiceover',
    description:
      'Native-speaker voice talent for training videos, e-learning, public announcements and marketing in the languages your audience speaks.',
    icon: 'mic',
  },
  {
    title: 'Transcription',
    description:
      'Verbatim and clean-read transcripts of interviews, hearings and recordings, in the original language or translated.',
    icon: 'clipboard-check',
  },
  {
    title: 'Subtitling and Captioning',
    description:
      'Timed subtitles and closed captions that make your videos accessible to viewers in every language and to people who are deaf or hard of hearing.',
    icon: 'captions',
  },
  {
    title: 'Language Testing and Evaluation',
    description:
      'Proficiency assessments for bilingual staff and interpreter candidates, so that you know who can serve your clients in their language.',
    icon: 'languages',
  },
]

export interface IndustryExpertise {
  /** The anchor of the card, for links from the header's Specializations. */
  id: string
  title: string
  icon: ContentIconName
  /** Exactly four example uses per industry (docs/product.md#home-page). */
  uses: [string, string, string, string]
}

/** The six cards of the Industry Expertise section (anchor `industry-expertise`). */
export const homeIndustries: IndustryExpertise[] = [
  {
    id: 'expertise-healthcare',
    title: 'Healthcare',
    icon: 'heart-pulse',
    uses: [
      'Patient consultations and informed consent',
      'Emergency room and urgent care visits',
      'Discharge instructions and medication guidance',
      'Mental health and telehealth sessions',
    ],
  },
  {
    id: 'expertise-legal-and-government',
    title: 'Legal and Government',
    icon: 'scale',
    uses: [
      'Court hearings and depositions',
      'Attorney-client meetings',
      'Immigration and asylum interviews',
      'Public benefits and social services appointments',
    ],
  },
  {
    id: 'expertise-education',
    title: 'Education',
    icon: 'graduation-cap',
    uses: [
      'Parent-teacher conferences',
      'IEP and special education meetings',
      'Enrollment and registration',
      'School announcements and documents',
    ],
  },
  {
    id: 'expertise-business',
    title: 'Business',
    icon: 'briefcase',
    uses: [
      'International negotiations and meetings',
      'Multilingual customer service',
      'Employee training and onboarding',
      'Conferences and investor calls',
    ],
  },
  {
    id: 'expertise-non-profit',
    title: 'Non-Profit',
    icon: 'hand-heart',
    uses: [
      'Community outreach programs',
      'Refugee and immigrant services',
      'Food bank and shelter intake',
      'Grant-funded language access programs',
    ],
  },
  {
    id: 'expertise-financial-services',
    title: 'Financial Services',
    icon: 'landmark',
    uses: [
      'Banking and account services',
      'Insurance claims and enrollment',
      'Loan and mortgage consultations',
      'Fraud and dispute resolution calls',
    ],
  },
]

export interface Reason {
  title: string
  text: string
  icon: ContentIconName
}

/** The stats strip under the hero: the headline claims (docs/product.md#marketing-claims). */
export const homeStats: Stat[] = [
  { value: claims.languages, label: 'Languages' },
  { value: claims.availability, label: 'Availability, every day' },
  { value: claims.linguists, label: 'Professional linguists' },
  { value: claims.combinedExpertiseYears, label: 'Years of combined expertise' },
]

/**
 * The trust strip: the claims the spec makes and the industries of the Industries page, as
 * marks. No client logos and no certification beyond these.
 */
export const trustStrip = {
  label: 'Compliance, reach and industries',
  marksLabel: 'Credentials',
  industriesLabel: 'Industries served',
  marks: [
    'HIPAA compliant',
    'Court certified',
    `${claims.languages} languages`,
    claims.availability,
  ],
  industries: industryDetails.map((industry) => industry.title),
}

/** About Us: the two headline figures. */
export const homeAboutStats: Stat[] = [
  { value: claims.linguists, label: 'Professional linguists' },
  {
    value: claims.combinedExpertiseYears,
    inWords: `${claims.combinedExpertiseYears} years`,
    label: 'Of combined expertise',
  },
]

export const homeAboutText =
  'We are a team of professional interpreters and translators who believe that language should never stand between a person and the care, justice or service they need. Our linguists are tested, trained and matched to your industry, and they are ready whenever you call.'

/** Why Choose Us: the five points of docs/product.md#home-page. */
export const whyChooseUs: Reason[] = [
  {
    title: 'Available 24/7',
    text: 'Phone and video interpreters answer around the clock, every day of the year, holidays included.',
    icon: 'clock',
  },
  {
    title: 'Certified and Experienced',
    text: 'Our interpreters are tested for language proficiency and trained in medical, legal and business terminology.',
    icon: 'award',
  },
  {
    title: `${claims.languages} Languages`,
    text: 'From Spanish and Mandarin to Hmong, Karen and American Sign Language, including rare languages and dialects.',
    icon: 'globe',
  },
  {
    title: 'Confidential and Secure',
    text: 'HIPAA-compliant processes, signed confidentiality agreements and encrypted connections protect every conversation.',
    icon: 'lock',
  },
  {
    title: 'Tailored Solutions',
    text: 'We shape scheduling, billing and reporting around your organization, whether you need ten minutes a month or a dedicated team.',
    icon: 'target',
  },
]

export interface Testimonial {
  quote: string
  name: string
  /** The person's role with their organization. */
  role: string
}

/** The initials of the avatar beside a name: first and last name, without titles (Dr.). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !word.endsWith('.'))
  const first = words[0] ?? ''
  const last = words.length > 1 ? words[words.length - 1]! : ''
  return (first.charAt(0) + last.charAt(0)).toUpperCase()
}

/** What Our Clients Say: six testimonials (docs/product.md#home-page). */
export const testimonials: Testimonial[] = [
  {
    quote:
      'Our emergency department connects to a Spanish or Vietnamese interpreter in seconds, at three in the morning as easily as at noon. Patients finally understand their discharge instructions.',
    name: 'Dr. Sarah Mitchell',
    role: 'Emergency Department Director, Riverside Medical Center',
  },
  {
    quote:
      'Their court-certified interpreters are punctual, prepared and precise. Hearings no longer get postponed because an interpreter could not be found.',
    name: 'James Rodriguez',
    role: 'Court Administrator, Travis County Justice Center',
  },
  {
    quote:
      'Parent-teacher conferences in Arabic, Nepali and Karen used to take weeks to arrange. Now we book an interpreter the same day and every family is part of the conversation.',
    name: 'Linda Nguyen',
    role: 'Family Engagement Coordinator, Eastside Independent School District',
  },
  {
    quote:
      'We negotiated a supplier contract in Seoul with an interpreter who knew our industry vocabulary better than some of our own staff.',
    name: 'Michael Chen',
    role: 'Vice President of Operations, Pacific Trade Partners',
  },
  {
    quote:
      'For the refugee families we serve, a trusted interpreter makes the difference between confusion and a fresh start. The team treats every call with dignity.',
    name: 'Amina Hassan',
    role: 'Program Director, New Horizons Refugee Services',
  },
  {
    quote:
      'Claims calls in Tagalog, Russian and Mandarin are handled with the same accuracy as in English, and our customer satisfaction scores show it.',
    name: 'Robert Williams',
    role: 'Claims Operations Manager, Lone Star Mutual Insurance',
  },
]

export interface FaqEntry {
  question: string
  answer: string
}

/** The FAQ: eight questions in the order of docs/product.md#home-page. */
export const faqs: FaqEntry[] = [
  {
    question: 'What languages do you offer interpretation and translation services in?',
    answer: `We provide interpretation and translation in ${claims.languages} languages, including Spanish, Mandarin, Cantonese, Vietnamese, Arabic, Russian, Korean, Tagalog and American Sign Language, as well as rare languages and regional dialects. If you need a language that is not listed, ask us: we will find a qualified linguist.`,
  },
  {
    question: 'Are your interpretation services available 24/7?',
    answer:
      'Yes. Over-the-phone and video remote interpreting are available 24 hours a day, 7 days a week, 365 days a year, including holidays. On-site interpreters can be scheduled for any time, including evenings and weekends.',
  },
  {
    question: 'How do you ensure confidentiality?',
    answer:
      'Every interpreter and translator signs a confidentiality agreement and follows a professional code of ethics. Our processes are HIPAA compliant, our remote sessions run over encrypted connections, and we never record a session without your consent.',
  },
  {
    question: 'What qualifications do your interpreters have?',
    answer:
      'Our interpreters pass language proficiency testing and a background check, and they are trained in medical, legal or business terminology. Many hold national medical interpreter certification (CCHI or NBCMI) or court certification, and all take part in ongoing training.',
  },
  {
    question: 'How much do your services cost?',
    answer:
      'Pricing depends on the service, the language, the duration and how soon you need it. Remote interpreting is billed per minute with no minimums on most plans; on-site interpreting and translation are quoted per assignment. Contact us for a free consultation and a quote tailored to your organization.',
  },
  {
    question: 'How quickly can you provide an interpreter for urgent requests?',
    answer: `Over the phone or by video, an interpreter is typically connected in ${claims.remoteConnection}; in emergencies, usually within minutes. For urgent on-site requests we typically have an interpreter with you within ${claims.onSiteUrgentResponse}, and planned appointments can usually be covered the same day.`,
  },
  {
    question: 'Do you provide interpreters for specialized industries?',
    answer:
      'Yes. We match interpreters to your field: healthcare (HIPAA compliant), legal and court (court certified), government, education, business, non-profit, financial services and insurance. Each interpreter knows the terminology and the procedures of the setting they work in.',
  },
  {
    question: 'What technology platforms do you support for remote interpretation?',
    answer:
      'Our video remote interpreting works in any modern browser and on iOS and Android devices, and we join Zoom, Microsoft Teams, Webex and Google Meet calls. Over-the-phone interpreting works from any landline or mobile phone, and we can integrate with your telehealth or contact-center platform.',
  },
]

export const faqClosing = {
  text: 'Still have questions?',
  detail: 'Our team is happy to help you find the right language solution.',
  action: { label: 'Contact Us Today', to: '/contact' },
} as const

/** The search result and the social card of the home page. */
export const homeSeo = {
  title: `Professional Interpretation and Translation Services in ${claims.languages} Languages`,
  description: `Phone, video remote and on-site interpreting, document translation and more in ${claims.languages} languages, ${claims.availability}. Certified, HIPAA-compliant linguists for healthcare, legal, government, education and business.`,
  keywords: [
    'interpretation services',
    'translation services',
    'over-the-phone interpreting',
    'video remote interpreting',
    'on-site interpreters',
    'medical interpreter',
    'legal interpreter',
    '24/7 interpreting',
  ],
}

/** The headings, labels and links of the home page's sections, around their cards. */
export const homeSections = {
  statsLabel: 'Our company in numbers',
  services: {
    heading: 'Our Services',
    text: `Everything you need to communicate in ${claims.languages} languages, from a two-minute phone call to a translated website.`,
    cardsLabel: 'Service cards',
    more: { label: 'Explore all services', to: '/services' },
  },
  industries: {
    heading: 'Industry Expertise',
    text: 'Interpreters and translators who know the vocabulary and the stakes of your field.',
    cardsLabel: 'Industry cards',
    more: { label: 'See all industries we serve', to: '/industries' },
  },
  about: {
    heading: 'About Us',
    more: { label: 'Learn more about us', to: '/about' },
    whyChooseUs: 'Why Choose Us',
    testimonials: 'What Our Clients Say',
    testimonialsLabel: 'Testimonials',
  },
  faq: {
    heading: 'Frequently Asked Questions',
    text: 'Answers to the questions organizations ask us most.',
  },
}

/**
 * Everything the home page says, in one copy tree (app/i18n/sources.server.ts): its loader
 * hands it to the page in the page's language.
 */
export const homePage = {
  seo: homeSeo,
  sections: homeSections,
  homeHero,
  homeStats,
  trustStrip,
  homeServices,
  homeIndustries,
  homeAboutStats,
  homeAboutText,
  whyChooseUs,
  testimonials: testimonials.map((testimonial) => ({
    ...testimonial,
    initials: initialsOf(testimonial.name),
  })),
  faqs,
  faqClosing,
}
/** What the home page gets from its loader: its copy without the head's. */
export type HomePageContent = Omit<typeof homePage, 'seo'>

import type { ContentIconName } from '~/components/ui/icons/content-icons'
import type { LeadFormPageText } from '../lead-form'

/** The Demo page (docs/product.md#other-public-pages). */
export const demoHero = {
  heading: 'Request Your Demo',
  text: 'See how phone and video interpreting work for your team. Tell us about your organization and we will schedule a live demonstration.',
} as const

export interface BenefitTile {
  title: string
  text: string
  icon: ContentIconName
}

/** The three benefit tiles. */
export const demoBenefits: BenefitTile[] = [
  {
    title: '24/7 Availability',
    text: 'Interpreters ready around the clock, every day of the year.',
    icon: 'clock',
  },
  {
    title: 'Certified Quality',
    text: 'Tested, trained and certified medical and legal interpreters.',
    icon: 'award',
  },
  {
    title: 'Instant Connection',
    text: 'Reach a professional interpreter in under 30 seconds on average.',
    icon: 'zap',
  },
]

/**
 * The demo form's own words, beside those it shares with the contact form
 * (app/content/lead-form.ts).
 */
const demoForm: LeadFormPageText = {
  submit: 'Request Demo',
  messageLabel: 'What would you like to see?',
  confirmation: {
    heading: 'Thank you, your demo request has been sent.',
    text: 'We have e-mailed you a confirmation and will contact you to schedule your demo.',
  },
}

/**
 * Everything the Demo page says, in one copy tree (app/i18n/sources.server.ts): its loader
 * hands it to the page in the page's language.
 */
export const demoPage = {
  seo: {
    title: 'Request Your Demo',
    description:
      'Request a live demo of our phone and video remote interpreting: 24/7 availability, certified interpreters and instant connection in under 30 seconds.',
    keywords: [
      'interpreting demo',
      'video remote interpreting demo',
      'over-the-phone interpreting trial',
      'language access solution',
    ],
  },
  crumb: 'Request Your Demo',
  eyebrow: 'Live demonstration',
  demoHero,
  formSection: {
    heading: 'Tell us about your organization',
    intro: 'We will contact you to schedule your demo. Fields marked * are required.',
  },
  form: demoForm,
  benefitsHeading: 'What you get',
  demoBenefits,
}

import type { ContentIconName } from '~/components/ui/icons/content-icons'

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

/** Everything the Demo page shows, handed to it by its loader. */
export const demoPage = { demoHero, demoBenefits }
export type DemoPageContent = typeof demoPage

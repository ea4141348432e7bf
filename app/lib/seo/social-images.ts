import { pathWithoutLocale } from '../../domain/locales'
/**
 * The Open Graph / social-card image of each public page type: 1200×630 pictures in
 * public/og/, drawn by scripts/og-images.ts from the heading and line below
 * (docs/decisions/048-brand-typeface-and-social-images.md).
 */
export const SOCIAL_IMAGE_WIDTH = 1200
export const SOCIAL_IMAGE_HEIGHT = 630

export const SOCIAL_PAGE_TYPES = [
  'home',
  'services',
  'industries',
  'about',
  'careers',
  'contact',
  'default',
] as const

export type SocialPageType = (typeof SOCIAL_PAGE_TYPES)[number]

export interface SocialImage {
  /** The path of the file under the site, in public/. */
  image: string
  /** What the picture shows, for og:image:alt. */
  imageAlt: string
  /** The heading drawn on the picture. */
  heading: string
  /** The line drawn under the heading. */
  line: string
}

function socialImage(type: SocialPageType, heading: string, line: string): SocialImage {
  return {
    image: `/og/${type}.png`,
    imageAlt: `${heading}: ${line}`,
    heading,
    line,
  }
}

export const SOCIAL_IMAGES: Record<SocialPageType, SocialImage> = {
  home: socialImage(
    'home',
    'Breaking Language Barriers, Connecting Communities',
    'Interpretation and translation in 200+ languages, 24/7',
  ),
  services: socialImage(
    'services',
    'Interpretation and Translation Services',
    'Phone, video remote, on-site interpreting and document translation',
  ),
  industries: socialImage(
    'industries',
    'Industry Expertise',
    'Healthcare, legal and government, education, business, non-profit and finance',
  ),
  about: socialImage(
    'about',
    'About Us',
    '150+ linguists and 8+ years connecting people across languages',
  ),
  careers: socialImage(
    'careers',
    'Join Our Team of Interpreters',
    'Remote interpreting positions in many languages',
  ),
  contact: socialImage(
    'contact',
    'Contact Us',
    'Request a quote or a demo: e-mail answered within an hour, phone lines open 24/7',
  ),
  default: socialImage(
    'default',
    'Language Services',
    'Interpretation and translation in 200+ languages, 24/7',
  ),
}

/** The page type of a public path: job postings and applications belong to careers. */
export function socialPageTypeOf(path: string): SocialPageType {
  // A page has the same picture in every language.
  const first = pathWithoutLocale(path).split(/[/?#]/)[1] ?? ''
  switch (first) {
    case '':
      return 'home'
    case 'services':
    case 'industries':
    case 'about':
    case 'careers':
      return first
    case 'jobs':
    case 'apply':
    case 'application':
      return 'careers'
    case 'contact':
    case 'demo':
      return 'contact'
    default:
      return 'default'
  }
}

/** The social image and its text alternative for a public path. */
export function socialImageFor(path: string): { image: string; imageAlt: string } {
  const { image, imageAlt } = SOCIAL_IMAGES[socialPageTypeOf(path)]
  return { image, imageAlt }
}

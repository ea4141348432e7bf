/** Links of the public header and footer (docs/product.md#header-and-footer). */
export interface NavLink {
  label: string
  to: string
}

export interface MegaMenuGroup {
  heading: string
  links: NavLink[]
}

/**
 * The home page's sections a link can scroll to, 100 ms after navigating home
 * (docs/product.md#route-table): "All services" leads to the home page's eight service cards.
 */
export const homeAnchors = {
  services: '/#services',
  industryExpertise: '/#industry-expertise',
} as const

/**
 * Each entry leads to the section that describes it, on /services or /industries; each of
 * the first two groups ends with its overview ("All services": the home page's eight cards).
 */
export const servicesMegaMenu: MegaMenuGroup[] = [
  {
    heading: 'Interpretation',
    links: [
      { label: 'Over-the-Phone Interpretation', to: '/services#phone-interpretation' },
      { label: 'Video Remote Interpretation', to: '/services#video-remote-interpretation' },
      { label: 'On-Site Interpretation', to: '/services#on-site-interpretation' },
      { label: 'All services', to: homeAnchors.services },
    ],
  },
  {
    heading: 'Specializations',
    links: [
      { label: 'Medical Interpretation', to: '/industries#healthcare' },
      { label: 'Legal Interpretation', to: '/industries#legal' },
      { label: 'Business Interpretation', to: '/industries#business' },
      { label: 'All industries', to: '/industries' },
    ],
  },
  {
    heading: 'Translation',
    links: [
      { label: 'Document Translation', to: '/services#document-translation' },
      // The document translation card lists website and software localization.
      { label: 'Website Localization', to: '/services#document-translation' },
      { label: 'Get Quote', to: '/contact' },
    ],
  },
]

export const primaryLinks = {
  home: { label: 'Home', to: '/' },
  about: { label: 'About', to: '/about' },
  careers: { label: 'Careers', to: '/careers' },
  contact: { label: 'Contact Us', to: '/contact' },
} satisfies Record<string, NavLink>

export const portalLinks: NavLink[] = [
  { label: 'Client Login', to: '/client-login' },
  { label: 'Interpreter Login', to: '/interpreter-login' },
]

export interface FooterColumn {
  heading: string
  links: NavLink[]
}

/** The footer's Contact column is built from the company identity, not from this list. */
export const footerColumns: FooterColumn[] = [
  {
    heading: 'Services',
    links: [
      { label: 'Phone Interpretation', to: '/services#phone-interpretation' },
      { label: 'Video Remote Interpretation', to: '/services#video-remote-interpretation' },
      { label: 'On-Site Interpretation', to: '/services#on-site-interpretation' },
      { label: 'Document Translation', to: '/services#document-translation' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Industries', to: '/industries' },
      { label: 'Careers', to: '/careers' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'FAQ', to: '/#faq' },
      { label: 'Industry Expertise', to: '/#industry-expertise' },
      { label: 'Request a Demo', to: '/demo' },
      { label: 'Privacy Notice', to: '/privacy' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { label: 'Contact Support', to: '/contact#contact-form' },
      { label: 'Client Login', to: '/client-login' },
      { label: 'Interpreter Login', to: '/interpreter-login' },
    ],
  },
  {
    heading: 'Connect',
    links: [
      { label: 'Join Our Team', to: '/careers' },
      { label: 'Get a Quote', to: '/contact' },
      { label: 'Services', to: '/services' },
    ],
  },
]

/** The quickest ways to an interpreter, beside the menus: call, or ask through the contact form. */
const requestLink: NavLink = { label: 'Request an interpreter', to: '/contact' }

/** Every link list of the public header and footer, handed to the layout by its loader. */
export const publicNavigation = {
  servicesMegaMenu,
  primaryLinks,
  portalLinks,
  requestLink,
  footerColumns,
}
export type PublicNavigation = typeof publicNavigation

/**
 * The public header's and footer's own words; the layout's loader fills in `{company}` and
 * `{phone}`.
 */
export const shellText = {
  skipLink: 'Skip to main content',
  homeLink: '{company}, home',
  mainNavigation: 'Main',
  services: 'Services',
  portal: 'Portal',
  menu: 'Menu',
  mobileNavigation: 'Mobile',
  call: 'Call {phone}',
  contact: 'Contact',
  copyright: '© 2025 {company}. All rights reserved.',
}

/** The public pages' not-found screen (docs/product.md#errors). */
export const notFoundText = {
  title: 'Page Not Found',
  text: 'The page you are looking for does not exist or has moved.',
  back: { label: 'Back to Home', to: '/' },
}
export type ShellText = typeof shellText

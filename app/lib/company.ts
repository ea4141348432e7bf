import { useRouteLoaderData } from 'react-router'

/** The company's identity, configured by environment (see .env.example). */
export interface CompanyIdentity {
  name: string
  phone: string
  email: string
  address: string
  /**
   * The site's public address (SITE_URL, no trailing slash): e-mails load the logo and
   * link home from it.
   */
  website: string
}

interface RootData {
  company: CompanyIdentity
  siteUrl: string
}

/** The company identity from the root loader, for any component. */
export function useCompany(): CompanyIdentity {
  const data = useRouteLoaderData('root') as RootData | undefined
  if (!data) throw new Error('useCompany needs the root loader data')
  return data.company
}

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, '')}`
}

import { useRouteLoaderData } from 'react-router'
import type { CompanyIdentity } from '~/domain/company'

export type { CompanyIdentity }

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

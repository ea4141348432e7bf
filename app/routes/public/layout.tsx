import { Outlet, useRouteError, useRouteLoaderData } from 'react-router'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { Footer } from '~/components/layout/footer'
import { Header } from '~/components/layout/header'
import { SkipLink } from '~/components/layout/skip-link'
import { publicNavigation, type PublicNavigation } from '~/content/navigation'
import { useCompany } from '~/lib/company'

// The link lists reach the header and footer as data, not as JavaScript
// (docs/decisions/011-public-page-javascript-budget.md).
export function loader() {
  return { navigation: publicNavigation }
}

/** Only if the layout's data is missing (an error before it loaded): the main links. */
const fallbackNavigation: PublicNavigation = {
  servicesMegaMenu: [],
  primaryLinks: {
    home: { label: 'Home', to: '/' },
    about: { label: 'About', to: '/about' },
    careers: { label: 'Careers', to: '/careers' },
    contact: { label: 'Contact Us', to: '/contact' },
  },
  portalLinks: [],
  footerColumns: [],
}

/** Header, main area and footer around every public page (docs/product.md#header-and-footer). */
function PublicShell({ children }: { children: React.ReactNode }) {
  const company = useCompany()
  // Also read from the error boundary, where the layout's own data may be missing.
  const data = useRouteLoaderData('routes/public/layout') as
    { navigation: PublicNavigation } | undefined
  const navigation = data?.navigation ?? fallbackNavigation
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header companyName={company.name} phone={company.phone} navigation={navigation} />
      <div id="main" className="flex-1">
        {children}
      </div>
      <Footer company={company} columns={navigation.footerColumns} />
    </div>
  )
}

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return (
    <PublicShell>
      <RouteErrorScreen error={useRouteError()} />
    </PublicShell>
  )
}

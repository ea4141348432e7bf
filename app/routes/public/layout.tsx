import { Outlet, useRouteError } from 'react-router'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { Footer } from '~/components/layout/footer'
import { Header } from '~/components/layout/header'
import { useCompany } from '~/lib/company'

/** Header, main area and footer around every public page (spec section 2). */
function PublicShell({ children }: { children: React.ReactNode }) {
  const company = useCompany()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <Header companyName={company.name} />
      <div id="main" className="flex-1">
        {children}
      </div>
      <Footer company={company} />
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

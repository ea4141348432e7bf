import {
  data,
  isRouteErrorResponse,
  Outlet,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { Footer } from '~/components/layout/footer'
import { Header } from '~/components/layout/header'
import { SkipLink } from '~/components/layout/skip-link'
import { useCompany } from '~/lib/company'
import { publicShell, type PublicShellData } from './+shared/public-shell.server'
import type { Route } from './+types/layout'
import { localeOfPath } from '~/domain/locales'

// The link lists and the shell's words reach the header and footer as data, not as
// JavaScript (docs/decisions/011-public-page-javascript-budget.md), in the page's language
// (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md).
export function loader({ request }: Route.LoaderArgs) {
  const shell = publicShell(new URL(request.url))
  // A page not yet written in the address's language: a 404 that keeps its header, with a
  // link to the page in English.
  if (!shell.translated) throw data(shell, { status: 404, statusText: 'Not Found' })
  return shell
}

/** A link into the other language loads the shell's words again. */
export const shouldRevalidate = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) =>
  localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) || defaultShouldRevalidate

/**
 * The layout's data; in the error boundary, where the layout's own loader may have thrown,
 * the shell its 404 carries.
 */
function useShellData(): PublicShellData | undefined {
  const shell = useRouteLoaderData('routes/public/layout') as PublicShellData | undefined
  const error = useRouteError()
  return (
    shell ??
    (isRouteErrorResponse(error) ? (error.data as PublicShellData | null) : null) ??
    undefined
  )
}

/** Header, main area and footer around every public page (docs/product.md#header-and-footer). */
function PublicShell({ children }: { children: React.ReactNode }) {
  const company = useCompany()
  const shown = useShellData()
  if (!shown?.navigation) return <div id="main">{children}</div>
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink label={shown.text.skipLink} />
      <Header companyName={company.name} phone={company.phone} shell={shown} />
      <div id="main" className="flex-1">
        {children}
      </div>
      <Footer company={company} shell={shown} />
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
  const shell = useShellData()
  return (
    <PublicShell>
      <RouteErrorScreen error={useRouteError()} notFound={shell?.notFound} />
    </PublicShell>
  )
}

import { Form, isRouteErrorResponse, useLocation } from 'react-router'

export function isNotFound(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 404
}

export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText || 'Error'}`
  if (error instanceof Error) return error.message
  return 'An unexpected error occurred.'
}

/**
 * The app-level fallback: 'Something went wrong', the message, 'Try again'
 * (docs/product.md#errors).
 */
export function ErrorScreen({ message }: { message: string }) {
  const location = useLocation()
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      {/* A GET form to the same page: it retries with or without JavaScript. */}
      <Form method="get" action={location.pathname} className="mt-8">
        {[...new URLSearchParams(location.search)].map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-primary">
          Try again
        </button>
      </Form>
    </main>
  )
}

/** The not-found screen's words: the public pages give them in the page's language. */
export interface NotFoundText {
  title: string
  text: string
  back: { label: string; to: string }
}

const englishNotFound: NotFoundText = {
  title: 'Page Not Found',
  text: 'The page you are looking for does not exist or has moved.',
  back: { label: 'Back to Home', to: '/' },
}

export function NotFound({ text = englishNotFound }: { text?: NotFoundText }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <title>{text.title}</title>
      <h1 className="text-3xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-4 text-slate-700">{text.text}</p>
      <a href={text.back.to} className="btn-primary mt-8">
        {text.back.label}
      </a>
    </main>
  )
}

/** Renders the right screen for an error caught by a route's ErrorBoundary. */
export function RouteErrorScreen({ error, notFound }: { error: unknown; notFound?: NotFoundText }) {
  return isNotFound(error) ? (
    <NotFound text={notFound} />
  ) : (
    <ErrorScreen message={describeError(error)} />
  )
}

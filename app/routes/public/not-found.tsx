import { notFound } from '~/lib/http/responses'

// Any path no other route matches answers 404 inside the public layout.
export function loader() {
  throw notFound()
}

export default function NotFoundRoute() {
  return null
}

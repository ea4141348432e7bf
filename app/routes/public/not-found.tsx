import { data } from 'react-router'

// Any path no other route matches answers 404 inside the public layout.
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

export default function NotFoundRoute() {
  return null
}

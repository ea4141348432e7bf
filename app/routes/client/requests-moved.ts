import { movedAddress } from '~/lib/http/moved-addresses'
import { redirect } from 'react-router'
import type { Route } from './+types/requests-moved'

/**
 * The client's bookings were at /client/requests (app/lib/http/moved-addresses.ts): every old
 * address, a booking's and its files' included, answers 301 to its place under
 * /client/bookings, whoever asks.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return redirect(movedAddress(url.pathname, url.search) ?? '/client/bookings', 301)
}

import { redirect } from 'react-router'
import { destroySession, LOGIN_PATH } from '~/auth/session.server'
import type { Route } from './+types/logout'

/** Logout is a POST (from the admin top bar): it deletes the session on the server. */
export async function action({ request }: Route.ActionArgs) {
  throw redirect(LOGIN_PATH, { headers: { 'Set-Cookie': await destroySession(request) } })
}

export function loader() {
  throw redirect('/')
}

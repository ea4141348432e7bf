import { data, redirect } from 'react-router'
import { attemptLogin } from '~/auth/login.server'
import { homeFor } from '~/lib/auth/redirect'
import { createSession, getSessionUser } from '~/auth/session.server'
import { GONE_STATUS } from '~/lib/auth/link-messages'
import {
  acceptInvitation,
  readInvitation,
  type AcceptOutcome,
  type InvitationPage,
} from '~/models/invitations.server'
import { INVALID_LOGIN_MESSAGE, tooManySignInsMessage } from '~/lib/validation/auth-messages'

// The answers of the invitation page (app/routes/auth/accept-invite.tsx): what each outcome
// of app/models/invitations.server.ts looks like to the person holding the link.

/** 410 for a link that no longer works, 409 for an account that cannot take it. */
export function statusOf(page: InvitationPage): number {
  if (page.state === 'gone') return GONE_STATUS
  if (page.state === 'refused') return 409
  return 200
}

/**
 * An invitation that was not accepted: the page as it is now (a race lost to another link,
 * a withdrawal, or an account that changed meanwhile), never a half-done acceptance.
 */
export async function notAccepted(
  outcome: Exclude<AcceptOutcome, { state: 'accepted' }>,
  token: string,
  request: Request,
  headers?: HeadersInit,
) {
  const page =
    outcome.state === 'gone' || outcome.state === 'refused'
      ? outcome
      : await readInvitation(token, (await getSessionUser(request))?.id)
  return data(
    { page, signInError: null },
    { status: page.state === 'gone' || page.state === 'refused' ? statusOf(page) : 409, headers },
  )
}

/** Someone without a usable account chose their password: signed in at their new home. */
export async function acceptWithPassword(
  token: string,
  password: string,
  request: Request,
  clientIp: string,
) {
  const outcome = await acceptInvitation(token, { password })
  if (outcome.state !== 'accepted') return notAccepted(outcome, token, request)
  const setCookie = await createSession(outcome.userId, {
    ipAddress: clientIp,
    userAgent: request.headers.get('user-agent'),
  })
  throw redirect(homeFor(outcome.role), { headers: { 'Set-Cookie': setCookie } })
}

/**
 * The owner of an existing account joins: already signed in as that account, or signing in
 * here with its password (the sign-in throttles apply as on the login page).
 */
export async function acceptSignedIn(
  token: string,
  password: string,
  request: Request,
  clientIp: string,
) {
  const viewer = await getSessionUser(request)
  let userId = viewer?.id
  let setCookie: string | undefined
  if (!password && !viewer) {
    const page = await readInvitation(token)
    return data(
      { page, signInError: 'Please enter your password.' },
      { status: page.state === 'join' ? 400 : statusOf(page) },
    )
  }
  if (password) {
    const page = await readInvitation(token, viewer?.id)
    if (page.state !== 'join') return data({ page, signInError: null }, { status: statusOf(page) })
    const login = await attemptLogin({
      email: page.email,
      password,
      ipAddress: clientIp,
      userAgent: request.headers.get('user-agent'),
    })
    if (login.status === 'throttled')
      return data(
        { page, signInError: tooManySignInsMessage(login.retryAfterSeconds) },
        { status: 429, headers: { 'Retry-After': String(login.retryAfterSeconds) } },
      )
    if (login.status === 'invalid')
      return data({ page, signInError: INVALID_LOGIN_MESSAGE }, { status: 401 })
    userId = login.user.id
    setCookie = login.setCookie
  }
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined
  const outcome = await acceptInvitation(token, { signedInUserId: userId ?? '' })
  if (outcome.state !== 'accepted') return notAccepted(outcome, token, request, headers)
  throw redirect(homeFor(outcome.role), { headers })
}

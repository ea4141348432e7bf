import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { data, redirect } from 'react-router'
import { runtime } from '../platform/runtime.server'

/**
 * One-time messages after a change in the admin area ("Status saved", "Resource deleted").
 * The action that made the change sets a short-lived signed cookie; the admin layout's loader,
 * which runs after every action and on the page a redirect leads to, reads it, clears it and
 * shows it in the shell's live region. Works without JavaScript (a redirect, then a page)
 * and with it (a fetcher, then revalidation), and on every instance.
 */
export type ToastTone = 'success' | 'error'

export interface Toast {
  /** Tells two identical messages in a row apart, so that each is announced. */
  id: string
  message: string
  tone: ToastTone
}

const COOKIE = 'admin-toast'
const MAX_AGE_SECONDS = 60
const MAX_MESSAGE_LENGTH = 300

function secure() {
  return runtime().config.siteUrl.startsWith('https:')
}

function signature(payload: string) {
  return createHmac('sha256', runtime().config.sessionSecret)
    .update(`toast:${payload}`)
    .digest('base64url')
}

// Path=/: the admin area and both portals show toasts (their layouts take them).
function serialize(value: string, maxAge: number) {
  const parts = [`${COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']
  parts.push(`Max-Age=${maxAge}`)
  if (secure()) parts.push('Secure')
  return parts.join('; ')
}

/** The Set-Cookie header value that carries a toast to the next admin or portal page. */
export function toastCookie(message: string, tone: ToastTone = 'success'): string {
  const toast: Toast = { id: randomUUID(), message: message.slice(0, MAX_MESSAGE_LENGTH), tone }
  const payload = Buffer.from(JSON.stringify(toast)).toString('base64url')
  return serialize(`${payload}.${signature(payload)}`, MAX_AGE_SECONDS)
}

function cookieValue(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index !== -1 && part.slice(0, index).trim() === COOKIE) return part.slice(index + 1).trim()
  }
  return undefined
}

function parse(value: string): Toast | undefined {
  const [payload, given] = value.split('.')
  if (!payload || !given) return undefined
  const expected = Buffer.from(signature(payload))
  const actual = Buffer.from(given)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined
  try {
    const toast = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Toast
    if (typeof toast.message !== 'string' || typeof toast.id !== 'string') return undefined
    return {
      id: toast.id,
      message: toast.message,
      tone: toast.tone === 'error' ? 'error' : 'success',
    }
  } catch {
    return undefined
  }
}

/** The waiting toast, if any, and the Set-Cookie header value that clears it. */
export function takeToast(request: Request): { toast: Toast | null; clear: string | null } {
  const value = cookieValue(request)
  if (!value) return { toast: null, clear: null }
  return { toast: parse(value) ?? null, clear: serialize('', 0) }
}

/** A redirect that shows `message` on the page it leads to. */
export function redirectWithToast(url: string, message: string, tone: ToastTone = 'success') {
  return redirect(url, { headers: { 'Set-Cookie': toastCookie(message, tone) } })
}

/** An action's answer that also shows `message` once the page has revalidated. */
export function dataWithToast<Value>(
  value: Value,
  message: string,
  init: { status?: number; tone?: ToastTone } = {},
) {
  return data(value, {
    status: init.status,
    headers: { 'Set-Cookie': toastCookie(message, init.tone) },
  })
}

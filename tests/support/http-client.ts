import { randomUUID } from 'node:crypto'
import { pdfDocument } from './document-fixtures'

/**
 * Plain HTTP clients for the forms, as a browser without JavaScript would post them. Used by
 * the tests that run the built server as a process (scale-out, faults, benchmarks).
 */

export interface FormResult {
  status: number
  body: string
  setCookie: string | null
}

async function post(
  url: string,
  body: FormData | URLSearchParams,
  origin: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: origin, ...headers },
  })
  return {
    status: response.status,
    body: await response.text(),
    setCookie: response.headers.get('set-cookie'),
  } satisfies FormResult
}

/** The contact form, with a fresh one-time token. */
export function submitContact(
  baseUrl: string,
  name: string,
  email = 'visitor@example.org',
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams({
    name,
    email,
    company: 'Acme Clinic',
    message: 'Please call me back.',
    formToken: randomUUID(),
  })
  return post(`${baseUrl}/contact`, body, baseUrl, headers)
}

/** The fields of the full application form on a language page. */
export const applicationFields = {
  firstName: 'Min-ji',
  lastName: 'Park',
  phone: '+1 213 555 0147',
  address: '350 S Grand Ave',
  city: 'Los Angeles',
  state: 'CA',
  nativeLanguage: 'fluent',
  interpretingExperience: '3-5',
  medicalExperience: '1-3',
  legalAvailability: '20-30',
  expectedPayPerMinute: '0.75-1.00',
  privacyConsent: 'on',
}

/** The text the applicant sees once the application is stored. */
export const APPLICATION_CONFIRMATION = 'Application Submitted!'

/** Posts the Korean interpreter application with a PDF resume of about `resumeBytes`. */
export async function submitApplication(
  baseUrl: string,
  email: string,
  options: {
    resume?: Uint8Array
    fields?: Record<string, string>
    formToken?: string
    headers?: Record<string, string>
  } = {},
) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ ...applicationFields, ...options.fields }))
    form.append(name, value)
  form.append('email', email)
  form.append('formToken', options.formToken ?? randomUUID())
  const resume = options.resume ?? pdfDocument(`Resume of ${email}`)
  form.append(
    'resume',
    new File([new Uint8Array(resume)], 'resume.pdf', { type: 'application/pdf' }),
  )
  const result = await post(
    `${baseUrl}/application?language=korean-interpreter`,
    form,
    baseUrl,
    options.headers,
  )
  return {
    ...result,
    confirmed: result.status === 200 && result.body.includes(APPLICATION_CONFIRMATION),
  }
}

/** Signs in through the login form; resolves with the `name=value` cookie or undefined. */
export async function signInWithPassword(baseUrl: string, email: string, password: string) {
  const result = await post(
    `${baseUrl}/interpreter-login`,
    new URLSearchParams({ email, password }),
    baseUrl,
  )
  const cookie = result.setCookie?.split(';')[0]
  return { ...result, cookie: result.status === 302 || result.status === 303 ? cookie : undefined }
}

/** A PDF of about `size` bytes (its text padded with a comment). */
export function pdfOfSize(size: number): Uint8Array {
  const base = Buffer.from(pdfDocument('Large resume'))
  const padding = Buffer.alloc(Math.max(0, size - base.length), 0x20)
  // Bytes after %%EOF are ignored by PDF readers and by the type check.
  return new Uint8Array(Buffer.concat([base, Buffer.from('\n%'), padding]))
}

let forwardedCounter = 0

/**
 * A different client address for each request (with TRUST_PROXY=true on the server), as
 * many visitors behind a load balancer would be: load tests must not trip the per-address
 * rate limits that protect the forms.
 */
export function distinctClient(): Record<string, string> {
  forwardedCounter++
  // Addresses from the IPv6 documentation prefix: only ever a header value, never dialled.
  const high = (forwardedCounter >> 16).toString(16)
  const low = (forwardedCounter & 0xffff).toString(16)
  return { 'X-Forwarded-For': `2001:db8::${high}:${low}` }
}

import { useEffect, useRef, type ReactNode } from 'react'
import { Download } from 'lucide-react'
import { Form } from 'react-router'
import { locationLabel } from '~/domain/bookings'
import type { Modality } from '~/domain/interpreter-profile'
import { bookingTitle } from '~/domain/dispatch'
import {
  PreparationFileList,
  type PreparationFileLink,
} from '~/components/dispatch/preparation-files'

/** Formats an instant in the interpreter's own time zone, with the zone named. */
export type FormatWhen = (instant: Date | string) => string

interface BookingFacts {
  language: string
  modality: Modality
  setting: string
  startsAt: Date | string
  durationMinutes: number
  location: string
  organizationName: string
}

export interface OfferCard extends BookingFacts {
  offerId: string
  expiresAt: Date | string
}

export interface AssignmentCard extends BookingFacts {
  bookingId: string
  contactName: string
  contactPhone: string
  notes: string | null
  /** Set when the client moved it: the offer that confirms the new time. */
  newTimeOfferId?: string | null
  files: PreparationFileLink[]
}

/**
 * What Accept or Decline answered. It takes focus when it arrives, so the interpreter (and a
 * screen reader, once) hears the result where they are, instead of a page that moved.
 */
export function OfferAnswerMessage({
  answer,
}: {
  answer: { message: string | null; tone: 'success' | 'error' } | undefined
}) {
  const messageRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (answer?.message) messageRef.current?.focus()
  }, [answer])
  if (!answer?.message) return null
  return (
    <p
      ref={messageRef}
      tabIndex={-1}
      className={`mt-4 scroll-mt-24 rounded-md px-4 py-3 text-sm font-medium ring-1 ${
        answer.tone === 'success'
          ? 'bg-green-50 text-green-900 ring-green-300'
          : 'bg-red-50 text-red-900 ring-red-300'
      }`}
    >
      {answer.message}
    </p>
  )
}

/** Offers waiting for an answer, each with Accept and Decline in place. */
export function OfferCards({ offers, when }: { offers: OfferCard[]; when: FormatWhen }) {
  return (
    <ul className="mt-2 space-y-3">
      {offers.map((offer) => (
        <li key={offer.offerId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{bookingTitle(offer)}</h3>
          <p className="text-slate-700">
            {when(offer.startsAt)}, {offer.durationMinutes} minutes, for {offer.organizationName}
          </p>
          <p className="break-words text-slate-700">
            {locationLabel[offer.modality]}: {offer.location}
          </p>
          <p className="text-sm text-slate-600">Open until {when(offer.expiresAt)}</p>
          <Form method="post" className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="offerId" value={offer.offerId} />
            <button
              type="submit"
              name="intent"
              value="accept"
              className="btn-primary"
              aria-label={`Accept ${bookingTitle(offer)}, ${when(offer.startsAt)}`}
            >
              Accept
            </button>
            <button
              type="submit"
              name="intent"
              value="decline"
              className="btn-secondary"
              aria-label={`Decline ${bookingTitle(offer)}, ${when(offer.startsAt)}`}
            >
              Decline
            </button>
          </Form>
        </li>
      ))}
    </ul>
  )
}

/**
 * Confirmed assignments with when, where, whom to call, the client's preparation files and
 * the calendar file.
 */
export function AssignmentCards({
  assignments,
  when,
}: {
  assignments: AssignmentCard[]
  when: FormatWhen
}) {
  return (
    <ul className="mt-2 space-y-3">
      {assignments.map((assignment) => (
        <li
          key={assignment.bookingId}
          className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h3 className="font-semibold text-slate-900">{bookingTitle(assignment)}</h3>
          {assignment.newTimeOfferId ? (
            <Form method="post" className="mt-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-300">
              <p className="text-sm text-amber-900">
                This assignment moved to a new time: please confirm you can do it.
              </p>
              <input type="hidden" name="offerId" value={assignment.newTimeOfferId} />
              <div className="mt-2 flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  className="btn-primary"
                  aria-label={`Confirm the new time of ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
                >
                  Confirm the new time
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="decline-new-time"
                  className="btn-secondary"
                  aria-label={`I cannot make the new time of ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
                >
                  I cannot make the new time
                </button>
              </div>
            </Form>
          ) : null}
          <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Detail term="When">
              {when(assignment.startsAt)} ({assignment.durationMinutes} minutes)
            </Detail>
            <Detail term="Client">{assignment.organizationName}</Detail>
            <Detail term={locationLabel[assignment.modality]}>{assignment.location}</Detail>
            <Detail term="Contact on the day">
              {assignment.contactName}, {assignment.contactPhone}
            </Detail>
            {assignment.notes ? <Detail term="Notes">{assignment.notes}</Detail> : null}
          </dl>
          {assignment.files.length > 0 ? (
            <>
              <h4 className="mt-3 text-sm font-medium text-slate-600">Preparation files</h4>
              <PreparationFileList
                files={assignment.files}
                hrefOf={(file) =>
                  `/interpreter/assignments/${assignment.bookingId}/files/${file.id}`
                }
                label={`Preparation files of ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
              />
            </>
          ) : null}
          <a
            href={`/interpreter/assignments/${assignment.bookingId}/ics`}
            download
            className="btn-secondary mt-3"
            aria-label={`Download the calendar file of ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
          >
            <Download aria-hidden="true" className="size-4" /> Add to calendar (.ics)
          </a>
        </li>
      ))}
    </ul>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  )
}

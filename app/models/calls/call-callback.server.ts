import { wallClock } from '../../domain/dispatch'
import { minutesAndSeconds } from '../../domain/calls'
import { officeTimeZone } from '../../domain/office'
import { now } from '../../platform/clock.server'
import { createBooking, type ClientActor } from '../bookings.server'
import { stopWaitingForCallback } from './calls.server'

/**
 * A callback request instead of waiting on (docs/product.md#on-demand-calls): the call stops
 * ringing and becomes an urgent remote booking, starting in a few minutes, that dispatch fills
 * like any other (staff are told of it at once, as of every urgent booking).
 */

/** The booking starts this many minutes on, rounded up to five: time for dispatch to act. */
const CALLBACK_LEAD_MINUTES = 10
const CALLBACK_DURATION_MINUTES = 30

export async function requestCallback(
  call: {
    id: string
    organizationId: string
    language: string
    media: 'video' | 'audio'
    setting: Parameters<typeof createBooking>[0]['setting']
    startedAt: Date
  },
  phone: string,
  who: ClientActor & { name: string },
): Promise<{ bookingId: string } | 'not-waiting'> {
  const at = now()
  if (!(await stopWaitingForCallback(call.id, call.organizationId))) return 'not-waiting'
  const fiveMinutes = 5 * 60_000
  const start = new Date(
    Math.ceil((at.getTime() + CALLBACK_LEAD_MINUTES * 60_000) / fiveMinutes) * fiveMinutes,
  )
  const timeZone = officeTimeZone()
  const { date, minute } = wallClock(start, timeZone)
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
  const booking = await createBooking(
    {
      date,
      time,
      timeZone,
      durationMinutes: CALLBACK_DURATION_MINUTES,
      language: call.language,
      modality: call.media === 'video' ? 'video' : 'phone',
      location: `Call the client back on ${phone}`,
      setting: call.setting,
      contactName: who.name,
      contactPhone: phone,
      notes: `Callback request from Connect now: no interpreter answered within ${minutesAndSeconds((at.getTime() - call.startedAt.getTime()) / 1000)}.`,
      files: [],
    },
    who,
  )
  return { bookingId: booking.id }
}

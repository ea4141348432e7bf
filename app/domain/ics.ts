/**
 * An iCalendar (RFC 5545) file with one event, for a confirmed assignment: the interpreter
 * downloads it and the client receives it with the confirmation. A change the interpreter's
 * calendar must follow is an iTIP message (RFC 5546) about the same event: the same UID with
 * a higher SEQUENCE, METHOD:REQUEST for a new time, METHOD:CANCEL for a cancellation.
 */
export interface CalendarEvent {
  uid: string
  startsAt: Date
  durationMinutes: number
  summary: string
  location: string
  description: string
  /** When the file was made (DTSTAMP). */
  stamp: Date
  /** The event's revision: the booking's `calendar_sequence`; 0 when left out. */
  sequence?: number
}

/** How a calendar file is meant: published (a download), or sent to an attendee. */
export type CalendarMessage =
  { method: 'PUBLISH' } | { method: 'REQUEST' | 'CANCEL'; organizer: string; attendee: string }

const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n')
}

const encoder = new TextEncoder()
const octets = (value: string) => encoder.encode(value).length

/** Lines longer than 75 octets are folded: a break and a space (RFC 5545 §3.1). */
function fold(line: string): string {
  if (octets(line) <= 75) return line
  const parts: string[] = []
  let current = ''
  for (const character of line) {
    const limit = parts.length === 0 ? 75 : 74
    if (octets(current + character) > limit) {
      parts.push(current)
      current = character
    } else current += character
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function calendarFile(
  event: CalendarEvent,
  message: CalendarMessage = { method: 'PUBLISH' },
): string {
  const end = new Date(event.startsAt.getTime() + event.durationMinutes * 60 * 1000)
  // Calendars apply a REQUEST or CANCEL only from the organizer to an attendee they know.
  const people =
    message.method === 'PUBLISH'
      ? []
      : [`ORGANIZER:mailto:${message.organizer}`, `ATTENDEE;RSVP=TRUE:mailto:${message.attendee}`]
  return (
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Language services//Assignments//EN',
      'CALSCALE:GREGORIAN',
      `METHOD:${message.method}`,
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `STATUS:${message.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
      `DTSTAMP:${utcStamp(event.stamp)}`,
      ...people,
      `DTSTART:${utcStamp(event.startsAt)}`,
      `DTEND:${utcStamp(end)}`,
      `SUMMARY:${text(event.summary)}`,
      `LOCATION:${text(event.location)}`,
      `DESCRIPTION:${text(event.description)}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ]
      .map(fold)
      .join('\r\n') + '\r\n'
  )
}

/**
 * An iCalendar (RFC 5545) file with one event, for a confirmed assignment: the interpreter
 * downloads it and the client receives it with the confirmation.
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
}

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

export function calendarFile(event: CalendarEvent): string {
  const end = new Date(event.startsAt.getTime() + event.durationMinutes * 60 * 1000)
  return (
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Language services//Assignments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(event.stamp)}`,
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

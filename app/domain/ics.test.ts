import { describe, expect, it } from 'vitest'
import { calendarFile, type CalendarEvent } from './ics'

const event: CalendarEvent = {
  uid: 'booking-1@lang.example',
  startsAt: new Date('2026-05-12T14:00:00Z'),
  durationMinutes: 60,
  summary: 'Interpreting: Spanish, On-site, Medical',
  location: '1200 Main Street, Austin, TX',
  description: 'Contact on the day: Nora',
  stamp: new Date('2026-05-04T15:00:00Z'),
}

const lines = (ics: string) => ics.split('\r\n')

describe('calendarFile', () => {
  it('publishes a first version with SEQUENCE 0', () => {
    const ics = lines(calendarFile(event))
    expect(ics).toContain('METHOD:PUBLISH')
    expect(ics).toContain('SEQUENCE:0')
    expect(ics).toContain('STATUS:CONFIRMED')
    expect(ics).toContain('UID:booking-1@lang.example')
  })

  it('sends a new time as a REQUEST with the same UID and a higher SEQUENCE', () => {
    const ics = lines(
      calendarFile(
        { ...event, startsAt: new Date('2026-05-12T20:00:00Z'), sequence: 1 },
        { method: 'REQUEST', organizer: 'dispatch@lang.example', attendee: 'ana@example.org' },
      ),
    )
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain('UID:booking-1@lang.example')
    expect(ics).toContain('SEQUENCE:1')
    expect(ics).toContain('DTSTART:20260512T200000Z')
    expect(ics).toContain('ORGANIZER:mailto:dispatch@lang.example')
    expect(ics).toContain('ATTENDEE;RSVP=TRUE:mailto:ana@example.org')
  })

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED, the same UID and a higher SEQUENCE', () => {
    const ics = lines(
      calendarFile(
        { ...event, sequence: 2 },
        { method: 'CANCEL', organizer: 'dispatch@lang.example', attendee: 'ana@example.org' },
      ),
    )
    expect(ics).toContain('METHOD:CANCEL')
    expect(ics).toContain('STATUS:CANCELLED')
    expect(ics).toContain('UID:booking-1@lang.example')
    expect(ics).toContain('SEQUENCE:2')
  })
})

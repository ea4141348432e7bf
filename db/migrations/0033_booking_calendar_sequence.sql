-- The calendar event's SEQUENCE of a booking (app/domain/ics.ts): a new time or a
-- cancellation raises it, so the interpreter's calendar replaces the event it holds.
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;

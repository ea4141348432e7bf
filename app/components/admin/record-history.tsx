import { Form, useNavigation } from 'react-router'
import { formatDateTime } from '~/domain/format'
import { statusLabel } from '~/domain/statuses'

interface HistoryEntry {
  id: number
  actorName: string
  action: string
  before: unknown
  after: unknown
  createdAt: Date | string
}

interface Note {
  id: string
  authorName: string
  body: string
  createdAt: Date | string
}

function describe(entry: HistoryEntry): string {
  const before = entry.before as { status?: string } | null
  const after = entry.after as {
    status?: string
    note?: string
    step?: string
    name?: string
    email?: string
    ownerName?: string | null
  } | null
  switch (entry.action) {
    case 'status_change':
      return `changed the status from ${statusLabel(before?.status ?? '?')} to ${statusLabel(after?.status ?? '?')}`
    case 'note':
      return 'added a note'
    case 'reassign':
      return after?.ownerName
        ? `assigned the request to ${after.ownerName}`
        : 'left the request unassigned'
    case 'reply_drafted':
      return 'opened a reply e-mail'
    case 'decision_email':
      return 'sent the decision e-mail'
    case 'merge':
      return `merged ${after?.name} (${after?.email}) into this record`
    case 'duplicate_dismissed':
      return `marked ${after?.name} (${after?.email}) as not a duplicate`
    default:
      return entry.action.replace(/_/g, ' ')
  }
}

/** Who changed what and when, from the audit log. */
export function RecordHistory({ entries }: { entries: HistoryEntry[] }) {
  return (
    <section className="mt-8" aria-labelledby="history-heading">
      <h3 id="history-heading" className="text-sm font-semibold text-slate-900">
        History
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No changes yet.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm text-slate-700">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="text-slate-500">{formatDateTime(entry.createdAt)}</span> ·{' '}
              {entry.actorName} {describe(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** Staff notes with a form to add one. */
export function StaffNotes({ notes, error }: { notes: Note[]; error: string | null }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'note'
  return (
    <section className="mt-8" aria-labelledby="notes-heading">
      <h3 id="notes-heading" className="text-sm font-semibold text-slate-900">
        Staff notes
      </h3>
      {notes.length === 0 ? <p className="mt-2 text-sm text-slate-600">No notes yet.</p> : null}
      <ul className="mt-2 space-y-3">
        {notes.map((note) => (
          <li key={note.id} className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
            <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
            <p className="mt-1 text-xs text-slate-600">
              {note.authorName} · {formatDateTime(note.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-3" preventScrollReset key={notes.length}>
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note-body" className="field-label">
          Add a note
        </label>
        <textarea
          id="note-body"
          name="body"
          rows={3}
          required
          maxLength={5000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'note-error' : undefined}
          className="field-input"
        />
        {error ? (
          <p id="note-error" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-secondary mt-2" disabled={busy}>
          {busy ? 'Saving...' : 'Add note'}
        </button>
      </Form>
    </section>
  )
}

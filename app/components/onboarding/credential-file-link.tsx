/**
 * A credential's file as a download link, or, for a credential imported from an agency's
 * records (app/models/interpreter-import.server.ts), the words that say it came without one.
 */
export function CredentialFileLink({ href, fileName }: { href: string; fileName: string | null }) {
  if (fileName === null)
    return (
      <span className="font-medium text-slate-900">Imported from agency records (no file)</span>
    )
  return (
    <a href={href} className="font-medium break-all text-brand-700 underline">
      {fileName}
    </a>
  )
}

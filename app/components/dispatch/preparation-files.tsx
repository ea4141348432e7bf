import { formatFileSize } from '~/domain/file-size'

/** A booking's preparation file as its lists show it. */
export interface PreparationFileLink {
  id: string
  name: string
  byteSize: number
}

/**
 * A booking's preparation files, each a download named by its file, with its size. The same
 * list on the client's booking, staff's booking and the interpreter's assignment; each page
 * gives the address its own route serves the file from.
 */
export function PreparationFileList({
  files,
  hrefOf,
  label,
}: {
  files: PreparationFileLink[]
  hrefOf: (file: PreparationFileLink) => string
  label: string
}) {
  return (
    <ul aria-label={label} className="mt-1 list-disc pl-5 text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a href={hrefOf(file)} className="break-all text-brand-700 underline">
            {file.name}
          </a>{' '}
          <span className="text-slate-600">({formatFileSize(file.byteSize)})</span>
        </li>
      ))}
    </ul>
  )
}

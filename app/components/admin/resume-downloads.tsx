import { Download } from 'lucide-react'
import { formatFileSize } from '~/domain/file-size'
import { formatDate } from '~/domain/format'

export interface ResumeLink {
  id: string
  originalName: string
  byteSize: number
  createdAt: Date | string
  /** The resume the application was sent with (the others came with merged records). */
  own: boolean
}

/**
 * A download link for every resume of an application: its own at the URL it always had,
 * those merged in from other records at their own URLs.
 */
export function ResumeDownloads({
  applicationId,
  resumes,
}: {
  applicationId: string
  resumes: ResumeLink[]
}) {
  if (resumes.length === 0) return null
  const several = resumes.length > 1
  return (
    <ul className="mt-4 flex flex-wrap gap-3">
      {resumes.map((resume) => {
        const received = several ? `, received ${formatDate(resume.createdAt)}` : ''
        return (
          <li key={resume.id} className="max-w-full">
            <a
              href={`/admin/applications/${applicationId}/resume${resume.own ? '' : `/${resume.id}`}`}
              className="btn-secondary max-w-full break-all"
              download
              aria-label={`Download resume ${resume.originalName}${received}`}
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              Download resume ({resume.originalName}, {formatFileSize(resume.byteSize)}
              {received})
            </a>
          </li>
        )
      })}
    </ul>
  )
}

import { useRef, useState } from 'react'
import { data, Form, redirect, useNavigate, useNavigation } from 'react-router'
import { RouteDialog } from '~/components/admin/route-dialog'
import { FormMessage } from '~/components/layout/auth-card'
import { FileField, SelectField, TextField } from '~/components/ui/native-fields'
import {
  DOCUMENT_MAX_BYTES,
  fileKindOf,
  resourceFileAccept,
  resourceTypeLabels,
  resourceTypes,
  uploadGuidelines,
  VIDEO_MAX_BYTES,
  type ResourceType,
} from '~/domain/resources'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { addResourceFromRequest } from '~/routes/admin/+shared/resource-upload-action.server'
import { seoMeta } from '~/lib/seo/meta'
import { resourceSchema } from '~/lib/validation/resource'
import { acceptsUploads } from '~/lib/http/route-handle'
import type { Route } from './+types/resources.new'

// The 'Add Resource' form carries the file.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Add Resource',
      description: 'Add a resource.',
      path: '/admin/resources/new',
      noindex: true,
    },
    matches,
  )

const LIST_URL = '/admin/resources'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { constraint: formConstraint(resourceSchema) }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const outcome = await addResourceFromRequest(request, admin.actor)
  if (outcome.resourceId) throw redirect(`${LIST_URL}?notice=added`)
  return data({ result: outcome.result }, { status: outcome.status })
}

const typeOptions = resourceTypes.map((type) => ({ value: type, label: resourceTypeLabels[type] }))

/** The same limits the server enforces, checked before a large file is sent for nothing. */
function sizeProblem(file: File, type: ResourceType): string | undefined {
  const limit = fileKindOf[type] === 'video' ? VIDEO_MAX_BYTES : DOCUMENT_MAX_BYTES
  if (file.size <= limit) return undefined
  return fileKindOf[type] === 'video'
    ? 'This file is larger than 100MB, the limit for videos. Nothing was uploaded.'
    : 'This file is larger than 10MB, the limit for documents and guides. Nothing was uploaded.'
}

interface UploadResponse {
  result: FormReply
  resourceId: string | null
}

const labels = { title: 'Title', type: 'Type', file: 'File', url: 'URL' }

export default function AddResource({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const [uploadResult, setUploadResult] = useState<FormReply>()
  const [progress, setProgress] = useState<number | null>(null)
  const [clientError, setClientError] = useState<string>()
  const request = useRef<XMLHttpRequest | null>(null)
  const { formProps, field, formErrors, formErrorId } = useNativeFormWithValues<typeof labels>({
    lastResult: uploadResult ?? actionData?.result,
    constraint: loaderData.constraint,
    labels,
    defaultValue: { type: 'document' },
    errorSummary: false,
  })
  // With JavaScript a chosen file goes up with XMLHttpRequest, which reports progress; the
  // other fields are checked first, as for any submission.
  function uploadWithProgress(formElement: HTMLFormElement, file: File) {
    const formData = new FormData(formElement)
    setClientError(undefined)
    setUploadResult(undefined)
    const problem = sizeProblem(file, (formData.get('type') as ResourceType) || 'document')
    if (problem) {
      setClientError(problem)
      return
    }
    const xhr = new XMLHttpRequest()
    request.current = xhr
    xhr.open('POST', '/admin/resources/upload')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable)
        setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
    }
    xhr.onload = () => {
      request.current = null
      setProgress(null)
      const response = xhr.response as UploadResponse | null
      if (response?.resourceId) {
        void navigate(`${LIST_URL}?notice=added`, { preventScrollReset: true })
      } else if (response?.result) {
        setUploadResult(response.result)
      } else {
        setClientError(
          xhr.status === 413
            ? 'This file is too large. Documents may be up to 10MB and videos up to 100MB. Nothing was stored.'
            : 'The upload failed. Please try again.',
        )
      }
    }
    xhr.onerror = () => {
      request.current = null
      setProgress(null)
      setClientError('The upload failed. Please check your connection and try again.')
    }
    setProgress(0)
    xhr.send(formData)
  }
  const busy = progress !== null || navigation.state === 'submitting'
  const formError = clientError ?? formErrors?.[0]
  return (
    <RouteDialog title="Add Resource" closeTo={LIST_URL} wide>
      <div className="grid gap-6 md:grid-cols-[1fr_15rem]">
        <div>
          <Form
            method="post"
            encType="multipart/form-data"
            {...formProps}
            onSubmit={(event) => {
              const formElement = event.currentTarget
              const file = (formElement.elements.namedItem('file') as HTMLInputElement | null)
                ?.files?.[0]
              if (file && formElement.checkValidity()) {
                event.preventDefault()
                uploadWithProgress(formElement, file)
                return
              }
              formProps.onSubmit(event)
            }}
            className="space-y-4"
            preventScrollReset
          >
            {formError ? (
              <FormMessage tone="error" id={formErrorId}>
                {formError}
              </FormMessage>
            ) : null}
            <TextField field={field('title')} autoComplete="off" />
            <SelectField field={field('type')} options={typeOptions} />
            <FileField
              field={field('file')}
              hint="Choose a file, or enter a URL below."
              accept={resourceFileAccept}
            />
            <TextField
              field={field('url')}
              type="url"
              placeholder="https://"
              hint="A link to a resource elsewhere, instead of a file."
            />
            {progress !== null ? (
              <div aria-live="polite">
                <label htmlFor="upload-progress" className="field-label">
                  Uploading… {progress}%
                </label>
                <progress
                  id="upload-progress"
                  className="mt-1 h-2 w-full accent-brand-700"
                  max={100}
                  value={progress}
                />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3 pt-2">
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? 'Adding...' : 'Add Resource'}
              </button>
              <button
                type="submit"
                form="cancel-add-resource"
                className="btn-secondary"
                onClick={() => request.current?.abort()}
              >
                Cancel
              </button>
            </div>
          </Form>
          {/* Cancel submits this GET form (the button's form attribute): a button that works
              without JavaScript. */}
          <Form id="cancel-add-resource" method="get" action={LIST_URL} preventScrollReset />
        </div>
        <aside
          aria-labelledby="upload-guidelines-heading"
          className="h-fit rounded-lg bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
        >
          <h3 id="upload-guidelines-heading" className="font-semibold text-slate-900">
            Upload Guidelines
          </h3>
          <ul className="mt-2 space-y-2 text-slate-700">
            {uploadGuidelines.map((guideline) => (
              <li key={guideline.label}>
                <span className="font-medium text-slate-900">{guideline.label}:</span>{' '}
                {guideline.detail}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-slate-600">
            Files are checked by their content; other or larger files are refused and nothing is
            stored.
          </p>
        </aside>
      </div>
    </RouteDialog>
  )
}

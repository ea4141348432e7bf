import { db, runtime } from '../../platform/runtime.server'
import { deleteUnrecordedObjects } from '../../platform/storage/orphan-sweep.server'
import { parseUploadForm, type UploadFormLimits, type UploadFormResult } from './upload-form.server'

/**
 * An upload form's action: the body is parsed with its files streamed into `folder` of the
 * runtime's storage, `handle` answers it, and then every uploaded file that no row records
 * is deleted, whatever `handle` did (refused a field, a type or a quota, failed, threw a
 * redirect), so that a request that stores no record leaves no file behind.
 */
export async function withUploadForm<T>(
  request: Request,
  limits: UploadFormLimits,
  folder: string,
  handle: (upload: UploadFormResult) => Promise<T>,
): Promise<T> {
  const { storage, logger } = runtime()
  const upload = await parseUploadForm(request, limits, { storage, folder })
  try {
    return await handle(upload)
  } finally {
    if (upload.status === 'ok') {
      const keys = upload.files.map((file) => file.upload.storageKey)
      await deleteUnrecordedObjects(db(), storage, keys).catch((error: unknown) => {
        // The orphan sweep removes them within the hour.
        logger.warn({ err: error, keys }, 'could not delete the uploads of a refused form')
      })
    }
  }
}

import { TOO_MANY_REQUESTS_MESSAGE } from '../../platform/rate-limit.server'

/** What the application forms' action answers beside its schemas' messages. */
export const RESUME_TOO_LARGE_MESSAGE =
  'This file is larger than 10MB. Please upload a smaller PDF, DOC or DOCX file.'
export const RESUME_WRONG_TYPE_MESSAGE =
  'This file is not a PDF, DOC or DOCX document. Please upload your resume in one of these formats.'
export const UNREADABLE_FORM_MESSAGE =
  'We could not read the form you sent. Please check your entries and the file, and try again.'

export const APPLICATION_NOT_SAVED_MESSAGE =
  'We could not save your application because of a problem on our side, and nothing was stored. Please try again in a few minutes.'

/** The action's own messages, beside its schemas': translated like them (app/i18n/sources.server.ts). */
export const applicationActionMessages = [
  RESUME_TOO_LARGE_MESSAGE,
  RESUME_WRONG_TYPE_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
  APPLICATION_NOT_SAVED_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
]

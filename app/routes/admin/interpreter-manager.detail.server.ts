import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import { pairLanguageChoices } from '~/domain/language-pairs'
import { notFound } from '~/lib/http/responses'
import { languagePairsSchema } from '~/lib/validation/profile'
import { dataWithToast } from '~/lib/toast.server'
import type { Actor } from '~/models/audit.server'
import { setLanguagePairs } from '~/models/language-pairs.server'

/** The answer to the language pairs form: Conform's reply (field errors, what was chosen). */
export interface LanguagePairsReply {
  intent: 'language-pairs'
  result: SubmissionResult<string[]>
}

/**
 * Staff's "Save language pairs" (and, without JavaScript, its add and remove buttons): parsed
 * with the form's schema, the choices being the company's languages and the interpreter's
 * current ones. A refusal is 400 and changes nothing; a missing interpreter 404.
 */
export async function languagePairsAction(
  formData: FormData,
  interpreter: { id: string; languages: readonly string[] },
  actor: Actor,
) {
  const submission = parseWithZod(formData, {
    schema: languagePairsSchema(pairLanguageChoices(interpreter.languages)),
  })
  const reply = (result: SubmissionResult<string[]>, status = 200) =>
    data<LanguagePairsReply>({ intent: 'language-pairs', result }, { status })
  if (submission.status !== 'success')
    return reply(submission.reply(), submission.status === 'error' ? 400 : 200)
  const languages = submission.value.languages.map((row) => row.language)
  const outcome = await setLanguagePairs(interpreter.id, languages, actor)
  if (outcome === 'missing') throw notFound()
  if (outcome === 'unchanged')
    return reply(
      submission.reply({ formErrors: ['These are the interpreter’s language pairs already.'] }),
      400,
    )
  return dataWithToast<LanguagePairsReply>(
    { intent: 'language-pairs', result: submission.reply() },
    'Language pairs saved; the Language proficiency step asks for these.',
  )
}

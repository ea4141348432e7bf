import type { LeadFormPageText, LeadFormText } from '~/content/lead-form'
import { localizedConstraint } from '~/i18n/form-language.server'
import type { Locale } from '~/domain/locales'
import { copy } from '~/i18n/translator.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { leadSchema } from '~/lib/validation/lead'

/**
 * What the contact and demo pages' loaders hand their form: a fresh form token, the browser's
 * constraints and every word of the form, in the page's language
 * (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md). `page` is the page's
 * own part of the form's words, from its copy tree.
 */
export function leadFormData(locale: Locale, page: LeadFormPageText) {
  const shared = copy(locale, 'leadForm')
  const text: LeadFormText = {
    labels: { ...shared.labels, message: page.messageLabel ?? shared.labels.message },
    sending: shared.sending,
    submit: page.submit,
    confirmation: page.confirmation,
  }
  return {
    formToken: issueFormToken(),
    constraint: localizedConstraint(locale, formConstraint(leadSchema)),
    form: text,
  }
}

import { fullApplicationChoices, jobPostingChoices } from '../content/application-options'
import { applicationErasurePage, applicationStatusPage } from '../content/applicant-pages'
import { applicationPage, applyPage, jobPage } from '../content/application-pages'
import { contractInterpreter } from '../content/contract-interpreter'
import { applicantMails, mailLayout, visitorMails } from '../content/applicant-mails'
import { organizationWords } from '../content/marketing/organization'
import { formMessages } from '../lib/forms/form-messages'
import {
  fullApplicationSchema,
  jobPostingApplicationSchema,
} from '../lib/validation/interpreter-application'
import { applicationActionMessages } from '../lib/validation/application-messages'
import { positionCopy } from '../content/interpreter-positions'
import { careersPage } from '../content/marketing/careers'
import { homePage } from '../content/marketing/home'
import { servicesPage } from '../content/marketing/services'
import { industriesPage } from '../content/marketing/industries'
import { aboutPage } from '../content/marketing/about'
import { contactPage } from '../content/marketing/contact'
import { demoPage } from '../content/marketing/demo'
import { leadFormText } from '../content/lead-form'
import { privacyNotice } from '../content/privacy-notice'
import { leadSchema } from '../lib/validation/lead'
import { leadActionMessages } from '../lib/validation/lead-messages'
import { notFoundText, publicNavigation, shellText } from '../content/navigation'
import {
  authScreens,
  forgotPasswordPage,
  loginPage,
  resetPasswordPage,
} from '../content/auth-pages'
import { forgotPasswordSchema, loginSchema, setPasswordSchema } from '../lib/validation/auth'
import { authActionMessages } from '../lib/validation/auth-messages'
import { textsOf, validationTemplate, VALIDATION_CONTEXT } from './catalogue.server'
import { schemaMessages } from './schema-messages.server'

/**
 * Every copy tree the public site is written in: the English source of each namespace of the
 * catalogues (app/i18n/catalogues/*.po, written and checked by `npm run i18n`). A page reads
 * one through `copy(locale, namespace)` (app/i18n/translator.server.ts).
 */
export const copySources = {
  navigation: publicNavigation,
  shell: shellText,
  notFound: notFoundText,
  careersPage,
  positions: positionCopy,
  formMessages,
  applicationPage,
  applyPage,
  jobPage,
  contractInterpreter,
  fullApplicationForm: fullApplicationChoices,
  jobPostingForm: jobPostingChoices,
  mailLayout,
  applicantMails,
  organization: organizationWords,
  visitorMails,
  applicationStatusPage,
  applicationErasurePage,
  homePage,
  servicesPage,
  industriesPage,
  aboutPage,
  contactPage,
  demoPage,
  leadForm: leadFormText,
  privacyNotice,
  authScreens,
  loginPage,
  forgotPasswordPage,
  resetPasswordPage,
}
export type CopyNamespace = keyof typeof copySources

/** The schemas of the public forms, whose messages are translated by their English text. */
const validationSources = [
  fullApplicationSchema,
  jobPostingApplicationSchema,
  leadSchema,
  loginSchema,
  forgotPasswordSchema,
  setPasswordSchema,
] as const

/** Messages the public forms' actions answer with beside their schemas'. */
const actionMessages = [...applicationActionMessages, ...leadActionMessages, ...authActionMessages]

/** Every message of the catalogues, with its key and its English: what a PO file holds. */
export function catalogueSources(): { key: string; english: string }[] {
  const copyTexts = Object.entries(copySources).flatMap(([namespace, tree]) =>
    textsOf(namespace, tree),
  )
  const validation = new Set(
    [...validationSources.flatMap((schema) => schemaMessages(schema)), ...actionMessages].map(
      (message) => validationTemplate(message),
    ),
  )
  return [...copyTexts, ...[...validation].map((english) => ({ key: VALIDATION_CONTEXT, english }))]
}

import { resetGoneMessages } from '../lib/auth/link-messages'

/**
 * The words of the sign-in screens that staff, portal users and the public share: the login
 * page (/interpreter-login, /client-login), /forgot-password and /reset-password
 * (docs/product.md#login). They are copy trees of the catalogues (app/i18n/sources.server.ts):
 * the pages are in English only, but their loaders read them through `copy(locale, …)` like
 * every public page and hand them to the page as loader data.
 */

/** What every one of these screens says around its form: the card and the password toggle. */
export const authScreens = {
  /** The accessible name of the card's logo link; `{company}` is the company's name. */
  homeLink: '{company}, home',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
}

/** The login page, one screen on two paths: the interpreter portal's and the client portal's. */
export const loginPage = {
  portals: {
    interpreter: {
      seo: {
        title: 'Interpreter Login',
        description: 'Sign in to the interpreter portal.',
      },
      eyebrow: 'Interpreter Portal',
      heading: 'Interpreter Login',
    },
    client: {
      seo: {
        title: 'Client Login',
        description: 'Sign in to the client portal.',
      },
      eyebrow: 'Client Portal',
      heading: 'Client Login',
    },
  },
  /** The fields' labels, also their names in the error summary. */
  labels: {
    email: 'Email',
    password: 'Password',
  },
  passwordChanged: 'Your password has been changed. Please sign in.',
  forgotPassword: 'Forgot password?',
  submit: 'Sign In',
  busy: 'Signing in...',
  /** `<a>…</a>` is the link to the support address. */
  help: 'Need help signing in? Contact support at <a>{email}</a> or {phone}.',
  backHome: 'Back to Home',
}

export const forgotPasswordPage = {
  seo: {
    title: 'Forgot password',
    description: 'Get a link to reset your password.',
  },
  heading: 'Forgot password?',
  intro:
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  /** The field's label, also its name in the error summary. */
  labels: {
    email: 'Email',
  },
  submit: 'Send reset link',
  busy: 'Sending...',
  sent: 'If an account exists for that address, we have sent it a link to reset the password. The link is valid for 30 minutes.',
  backToLogin: 'Back to Login',
}

export const resetPasswordPage = {
  seo: {
    title: 'Choose a new password',
    description: 'Reset your password.',
  },
  heading: 'Choose a new password',
  /** The fields' labels, also their names in the error summary. */
  labels: {
    password: 'New password',
    confirmPassword: 'Repeat the new password',
  },
  /** The new password's length rule. */
  passwordHint: '{min} to {max} characters.',
  submit: 'Save new password',
  busy: 'Saving...',
  /** What the page says once its link no longer works, by the reason. */
  gone: resetGoneMessages,
  askAgain: 'Ask for a new link',
}

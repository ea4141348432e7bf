import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// /healthz and /readyz are answered by the host (server/host.ts), before the app.
export default [
  // English at today's addresses, Spanish under /es: one route tree, the same route ids
  // (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md).
  route('es?', 'routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('industries', 'routes/public/industries.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('careers', 'routes/careers/careers.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('demo', 'routes/public/demo.tsx'),
    route('privacy', 'routes/public/privacy.tsx'),
    route('jobs/:jobId', 'routes/careers/job-detail.tsx'),
    route('apply/:jobId', 'routes/careers/apply.tsx'),
    route('application', 'routes/careers/application.tsx'),
    route('unsubscribe', 'routes/public/unsubscribe.tsx'),
    route('offers/accept', 'routes/public/offers-accept.tsx'),
    // The applicant's private status page and erasure link (docs/product.md#application-status-page).
    route('application-status/:token', 'routes/public/application-status.tsx'),
    route('application-erasure/:code', 'routes/public/application-erasure.tsx'),
    // A call's single-use guest link (docs/product.md#call-guests).
    route('call-guest/:link', 'routes/public/call-guest.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  // One login screen on two paths (docs/product.md#login).
  route('interpreter-login', 'routes/auth/login.tsx', { id: 'interpreter-login' }),
  route('client-login', 'routes/auth/login.tsx', { id: 'client-login' }),
  route('logout', 'routes/auth/logout.ts'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password', 'routes/auth/reset-password.tsx'),
  route('setup', 'routes/auth/setup.tsx'),
  route('accept-invite', 'routes/auth/accept-invite.tsx'),
  route('account', 'routes/account/index.tsx'),
  // The interpreter portal (docs/product.md#interpreter-portal).
  route('interpreter/resources/:resourceId/file', 'routes/interpreter/resource-file.ts'),
  route('interpreter/documents/:documentId/file', 'routes/interpreter/document-file.ts'),
  route('interpreter/assignments/:bookingId/ics', 'routes/interpreter/assignment-ics.ts'),
  route(
    'interpreter/assignments/:bookingId/files/:fileId',
    'routes/interpreter/assignment-file.ts',
  ),
  route(
    'interpreter/assignments/:bookingId/receipts/:expenseId',
    'routes/interpreter/closeout-receipt.ts',
  ),
  route('interpreter/payouts/:statementId/pdf', 'routes/interpreter/statement-pdf.ts'),
  route('interpreter', 'routes/interpreter/layout.tsx', [
    index('routes/interpreter/dashboard.tsx', { id: 'interpreter-index' }),
    route('dashboard', 'routes/interpreter/dashboard.tsx'),
    route('onboarding', 'routes/interpreter/onboarding.tsx'),
    route('resources', 'routes/interpreter/resources.tsx'),
    route('profile', 'routes/interpreter/profile.tsx'),
    route('assignments', 'routes/interpreter/assignments.tsx'),
    route('assignments/:bookingId/closeout', 'routes/interpreter/assignments.closeout.tsx'),
    route('payouts', 'routes/interpreter/statements.tsx'),
    route('payouts/:statementId', 'routes/interpreter/statements.detail.tsx'),
    route('calls', 'routes/interpreter/calls.tsx'),
    route('calls/:callId', 'routes/interpreter/calls.detail.tsx'),
  ]),
  // The client portal (docs/product.md#client-portal).
  route('client/bookings/:bookingId/files/:fileId', 'routes/client/booking-file.ts'),
  // The bookings' earlier addresses (docs/glossary.md): permanent redirects.
  route('client/requests/*', 'routes/client/requests-moved.ts'),
  route('client/quotes/:quoteId/files/:fileId', 'routes/client/quote-file.ts'),
  route('client/invoices/:invoiceId/pdf', 'routes/client/invoice-pdf.ts'),
  route('client', 'routes/client/layout.tsx', [
    index('routes/client/dashboard.tsx', { id: 'client-index' }),
    route('dashboard', 'routes/client/dashboard.tsx'),
    route('book', 'routes/client/book.tsx'),
    route('bookings', 'routes/client/bookings.tsx'),
    route('bookings/:bookingId', 'routes/client/bookings.detail.tsx'),
    route('users', 'routes/client/users.tsx'),
    route('settings', 'routes/client/settings.tsx'),
    route('quotes', 'routes/client/quotes.tsx'),
    route('quotes/new', 'routes/client/quotes.new.tsx'),
    route('quotes/:quoteId', 'routes/client/quotes.detail.tsx'),
    route('invoices', 'routes/client/invoices.tsx'),
    route('invoices/:invoiceId', 'routes/client/invoices.detail.tsx'),
    route('connect', 'routes/client/connect.tsx'),
    route('connect/:callId', 'routes/client/connect.call.tsx'),
  ]),
  ...prefix('admin', [
    route('applications/:applicationId/resume', 'routes/admin/applications.resume.ts'),
    // Resumes that came with merged applications.
    route('applications/:applicationId/resume/:fileId', 'routes/admin/applications.resume.ts', {
      id: 'merged-application-resume',
    }),
    route('export/:list', 'routes/admin/export.ts'),
    route('privacy-export', 'routes/admin/privacy-export.ts'),
    route('accounting-export', 'routes/admin/accounting-export.ts'),
    route('receivables/export', 'routes/admin/receivables-export.ts'),
    route('statements/:statementId/pdf', 'routes/admin/statement-pdf.ts'),
    route('resources/upload', 'routes/admin/resource-upload.ts'),
    route('resources/:resourceId/file', 'routes/admin/resource-file.ts'),
    route('interpreter-documents/:documentId/file', 'routes/admin/interpreter-document-file.ts'),
    route('quotes/:quoteId/files/:fileId', 'routes/admin/quote-file.ts'),
    route('bookings/:bookingId/files/:fileId', 'routes/admin/booking-file.ts'),
    route('closeouts/:bookingId/receipts/:expenseId', 'routes/admin/closeout-receipt.ts'),
    route('invoices/:invoiceId/pdf', 'routes/admin/invoice-pdf.ts'),
    // Staff's decision on a profile change; the list is on the Interpreter manager.
    route(
      'interpreter-manager/profile-changes/:changeId',
      'routes/admin/interpreter-manager.profile-changes.ts',
    ),
    layout('routes/admin/layout.tsx', [
      // The admin index and /admin/dashboard are both the dashboard (docs/product.md#dashboard).
      index('routes/admin/dashboard.tsx', { id: 'admin-index' }),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('search', 'routes/admin/search.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('interpreters', 'routes/admin/applications.tsx', [
        route(':applicationId', 'routes/admin/applications.detail.tsx'),
      ]),
      route('interpreter-manager/import', 'routes/admin/interpreter-manager.import.tsx'),
      route('interpreter-manager', 'routes/admin/interpreter-manager.tsx', [
        route(':interpreterId', 'routes/admin/interpreter-manager.detail.tsx'),
      ]),
      route('bookings', 'routes/admin/bookings.tsx'),
      // A booking staff enter for a client who asked by phone or e-mail.
      route('bookings/new', 'routes/admin/bookings.new.tsx'),
      route('bookings/:bookingId', 'routes/admin/bookings.detail.tsx'),
      route('clients', 'routes/admin/leads.tsx', [
        route('new-organization', 'routes/admin/organizations.new.tsx'),
        route(':requestId', 'routes/admin/leads.detail.tsx'),
      ]),
      route('quotes', 'routes/admin/quotes.tsx', [
        route(':quoteId', 'routes/admin/quotes.detail.tsx'),
      ]),
      route('quality', 'routes/admin/quality.tsx'),
      route('calls', 'routes/admin/calls.tsx'),
      route('closeouts', 'routes/admin/closeouts.tsx', [
        route(':bookingId', 'routes/admin/closeouts.detail.tsx'),
      ]),
      route('statements', 'routes/admin/statements.tsx'),
      route('statements/:statementId', 'routes/admin/statements.detail.tsx'),
      route('rates', 'routes/admin/rates.tsx'),
      route('invoices', 'routes/admin/invoices.tsx'),
      route('invoices/:invoiceId', 'routes/admin/invoices.detail.tsx'),
      route('receivables', 'routes/admin/receivables.tsx'),
      route('organizations/import', 'routes/admin/organizations.import.tsx'),
      route('organizations/:organizationId/billing', 'routes/admin/organizations.billing.tsx'),
      route('organizations/:organizationId/contract', 'routes/admin/organizations.contract.tsx'),
      route('resources', 'routes/admin/resources.tsx', [
        route('new', 'routes/admin/resources.new.tsx'),
        route(':resourceId/delete', 'routes/admin/resources.delete.tsx'),
        route(':resourceId/audience', 'routes/admin/resources.audience.tsx'),
      ]),
      route('communications', 'routes/admin/communications.tsx'),
      route('mail', 'routes/admin/mail.tsx'),
    ]),
  ]),
] satisfies RouteConfig

import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { MailAttachment } from '../../../db/schema'

export interface DeliverableMail {
  id: string
  from: string
  to: string
  replyTo?: string | null
  subject: string
  html: string
  text: string
  messageId: string
  createdAt: Date
  /** Extra headers, for example `List-Unsubscribe`. */
  headers?: Record<string, string> | null
  attachments?: MailAttachment[] | null
}

export interface MailTransport {
  /** Delivers one message; resolves with what the server answered, throws on failure. */
  send(mail: DeliverableMail): Promise<string>
  /** Removes any copy the transport kept of a message (the `.eml` file); SMTP keeps none. */
  discard(mail: Pick<DeliverableMail, 'id' | 'createdAt'>): Promise<void>
  close(): void
  describe: string
}

/**
 * SMTP when `SMTP_URL` is set, over a pool of `connections` (default 1) kept open between
 * messages; otherwise `.eml` files under `DATA_DIR/mail`.
 */
export function createMailTransport(options: {
  smtpUrl?: string
  mailDir: string
  connections?: number
}): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.connections ?? 1)
    : fileTransport(options.mailDir)
}

function toNodemailerMessage(mail: DeliverableMail) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    date: mail.createdAt,
    headers: mail.headers ?? undefined,
    attachments: mail.attachments ?? undefined,
  }
}

function smtpTransport(smtpUrl: string, connections: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A new connection per message (greeting, EHLO, AUTH, QUIT) costs more than the message
    // itself on a bulk send; each pooled connection carries up to 100 messages, then reopens.
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    describe: `SMTP ${new URL(smtpUrl).host} (${connections} connections)`,
    async send(mail) {
      const info = await transporter.sendMail(toNodemailerMessage(mail))
      return String(info.response ?? 'accepted')
    },
    discard: async () => {},
    close: () => transporter.close(),
  }
}

/** Where the file transport writes a message: named by its queue time and outbox id. */
export function mailFilePath(mailDir: string, mail: Pick<DeliverableMail, 'id' | 'createdAt'>) {
  const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-')
  return path.join(mailDir, `${stamp}-${mail.id}.eml`)
}

/** Deletes the file transport's copy of a message, if there is one. */
export async function removeMailFile(
  mailDir: string,
  mail: Pick<DeliverableMail, 'id' | 'createdAt'>,
) {
  const file = mailFilePath(mailDir, mail)
  await Promise.all([rm(file, { force: true }), rm(`${file}.tmp`, { force: true })])
}

function fileTransport(mailDir: string): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    describe: `files in ${mailDir}`,
    async send(mail) {
      const info = await transporter.sendMail(toNodemailerMessage(mail))
      await mkdir(mailDir, { recursive: true })
      const file = mailFilePath(mailDir, mail)
      // Write then rename, so a reader never sees half a message; a retry overwrites.
      await writeFile(`${file}.tmp`, info.message as Buffer)
      await rename(`${file}.tmp`, file)
      return `written to ${path.basename(file)}`
    },
    discard: (mail) => removeMailFile(mailDir, mail),
    close: () => transporter.close(),
  }
}

/**
 * A 5xx SMTP reply is permanent (the address or message is refused); anything else
 * (connection refused, timeout, 4xx) is worth another try later.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

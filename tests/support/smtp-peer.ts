import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package). It can be stopped
 * and started again on the same port to play an outage, and it refuses recipients at
 * `refuse.example` with a permanent 550. It counts the connections opened and the most open
 * at once; `answerAfterMs` makes it take that long to accept each message (a slow server).
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = []
  connections = 0
  mostOpen = 0
  private open = 0
  private server: SMTPServer | undefined
  port = 0

  constructor(private readonly options: { answerAfterMs?: number } = {}) {}

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections++
        this.open++
        this.mostOpen = Math.max(this.mostOpen, this.open)
        callback()
      },
      onClose: () => {
        this.open--
      },
      onRcptTo: (address, _session, callback) => {
        if (address.address.endsWith('@refuse.example')) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number }
          error.responseCode = 550
          return callback(error)
        }
        callback()
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          setTimeout(callback, this.options.answerAfterMs ?? 0)
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }
}

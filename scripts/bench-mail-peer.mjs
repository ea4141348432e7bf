// The SMTP peer of scripts/bench-mail.ts, in a process of its own so that its work is not
// counted against the sender's event loop: a real SMTP server (the `smtp-server` package)
// on a loopback port that accepts every message and throws it away, counting the messages,
// the connections opened and the most connections open at once. It tells its parent its
// port, then answers `counts` and `reset` messages over the IPC channel.
import { SMTPServer } from 'smtp-server'

let counts = { messages: 0, connections: 0, open: 0, mostOpen: 0 }

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // The sender may keep as many connections open as it likes; the bench checks how many.
  maxClients: 1000,
  onConnect(_session, callback) {
    counts.connections++
    counts.open++
    counts.mostOpen = Math.max(counts.mostOpen, counts.open)
    callback()
  },
  onClose() {
    counts.open--
  },
  onData(stream, _session, callback) {
    stream.on('end', () => {
      counts.messages++
      callback()
    })
    stream.resume()
  },
})

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.server.address().port })
})

process.on('message', (message) => {
  if (message === 'reset')
    counts = { messages: 0, connections: 0, open: counts.open, mostOpen: counts.open }
  process.send?.({ counts })
})
process.on('disconnect', () => server.close(() => process.exit(0)))

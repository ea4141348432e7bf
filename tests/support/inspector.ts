import WebSocket from 'ws'

/**
 * Ends the embedded database's thread (app/platform/pglite-worker.mjs) of a server started with
 * `--inspect=127.0.0.1:<port>`, as a crash of that thread would: through the inspector's
 * NodeWorker domain, the worker runs `process.exit`, which ends that thread only. The
 * production server has no way to be told this; only a test that started it with the
 * inspector open can.
 */
export async function killDatabaseThread(inspectorPort: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string
  }[]
  const socket = new WebSocket(target!.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  try {
    const sessionId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no database thread reported')), 5000)
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as {
          method?: string
          params?: { sessionId: string; workerInfo: { url: string } }
        }
        if (
          message.method === 'NodeWorker.attachedToWorker' &&
          message.params!.workerInfo.url.endsWith('/pglite-worker.mjs')
        ) {
          clearTimeout(timer)
          resolve(message.params!.sessionId)
        }
      })
      socket.send(
        JSON.stringify({
          id: 1,
          method: 'NodeWorker.enable',
          params: { waitForDebuggerOnStart: false },
        }),
      )
    })
    const exit = { id: 1, method: 'Runtime.evaluate', params: { expression: 'process.exit(70)' } }
    socket.send(
      JSON.stringify({
        id: 2,
        method: 'NodeWorker.sendMessageToWorker',
        params: { sessionId, message: JSON.stringify(exit) },
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
  } finally {
    socket.close()
  }
}

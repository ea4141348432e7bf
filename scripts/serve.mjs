// `npm run serve`: serves an existing production build (see production-server.mjs).
import { runProductionServer } from './production-server.mjs'

runProductionServer(process.env)

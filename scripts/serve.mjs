// `npm run serve`: serves an existing production build (see server/production-server.mjs).
import { runProductionServer } from '../server/production-server.mjs'

runProductionServer(process.env)

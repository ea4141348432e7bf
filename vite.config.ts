import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  ssr: {
    // Bundled into the server build, so that only the icons the app uses are in it: loaded
    // from node_modules the package's CommonJS entry loads every icon (about 40 MB of memory).
    noExternal: ['lucide-react'],
  },
  build: {
    // Hashed file names let the host serve assets with a one-year immutable cache.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every public page loads anyway: each chunk costs its
        // own import statements (the 120 kB budget: docs/decisions/011-public-page-javascript-budget.md).
        // The tests name files by path: a moved module must be renamed here too.
        codeSplitting: {
          groups: [
            {
              name: 'public-shell',
              test: /(node_modules\/(react|react-dom|scheduler|react-router)\/|app\/(components\/layout\/(header|footer|logo|use-dismiss|error-screens|navigation-feedback|skip-link|language-links)|components\/ui\/icons\/(create-icon|chevron-down|phone|mail|map-pin|menu|x)|components\/seo\/json-ld|lib\/(company|nonce|forms\/form-messages)|domain\/locales|content\/navigation)\.tsx?$)/,
            },
            {
              name: 'public-forms',
              test: /app\/(lib\/forms\/(native-form|validation-messages|refused-submits)|components\/ui\/(native-fields|error-summary))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
})

// Module Federation remote 'admin': the shell loads dist/remoteEntry.js at run time
// and renders the exposed pages below; nothing else of this package is public.
const { createFrontendConfig } = require('@cine/webpack-config');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'admin',
  exposes: {
    './AdminPanel': './src/app/AdminPanel.tsx',
    './FeedbackPage': './src/features/feedback/components/FeedbackPage.tsx',
    './CreatePage': './src/features/movies/components/CreatePage.tsx',
    // The door's check-in screen, for staff too: its own small module, none of the back office.
    './AccessControlPage': './src/features/access/components/AccessControlPage.tsx',
  },
  // Standalone page for working on this remote alone (`npm start`); the shell never loads it.
  html: { title: 'Cine · admin' },
  devServer: { port: 3003, headers: { 'Access-Control-Allow-Origin': '*' } },
});

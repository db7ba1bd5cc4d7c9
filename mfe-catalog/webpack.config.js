// Module Federation remote 'catalog': the shell loads dist/remoteEntry.js at run time
// and renders the exposed pages below; nothing else of this package is public.
const { createFrontendConfig } = require('@cine/webpack-config');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'catalog',
  exposes: {
    './HomePage': './src/app/HomePage.tsx',
    './MovieDetailPage': './src/features/movie-detail/components/MovieDetailPage.tsx',
    './BillboardByDayPage': './src/features/billboard-by-day/components/BillboardByDayPage.tsx',
  },
  // Standalone page for working on this remote alone (`npm start`); the shell never loads it.
  html: { title: 'Cine · catalog' },
  devServer: { port: 3001, headers: { 'Access-Control-Allow-Origin': '*' } },
});

// Module Federation host: remotes are registered at run time (src/bootstrap.tsx),
// so nothing about their location is baked into this build.
const { createFrontendConfig } = require('@cine/webpack-config');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'shell',
  publicPath: '/',
  html: { template: './index.html', favicon: './src/assets/logo.svg' },
  // Served from the site's root, so its scope is the whole site (Mis entradas offline).
  serviceWorker: './src/service-worker/sw.ts',
  devServer: {
    port: 3000,
    proxy: [{ context: ['/api', '/config.js', '/remotes'], target: process.env.GATEWAY_URL || 'http://localhost:8080' }],
  },
});

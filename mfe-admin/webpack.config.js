// Module Federation remote 'admin': the shell loads dist/remoteEntry.js at run time
// and renders the exposed pages below; nothing else of this package is public.
const path = require('node:path');

// @module-federation/enhanced deep-imports webpack internals; point it at the webpack this
// package pins (webpack >= 5.111 moved or changed them), not whichever copy npm hoisted.
process.env.FEDERATION_WEBPACK_PATH = require.resolve('webpack');

const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { moduleRules, sharedSingletons, SwcMinifyPlugin } = require('./webpack.common');

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      // Resolved from remoteEntry.js's own URL, so the gateway can mount the folder anywhere.
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: 'cine_admin',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name: 'admin',
        filename: 'remoteEntry.js',
        exposes: {
          './AdminPanel': './src/features/panel/components/AdminPanel.tsx',
          './FeedbackPage': './src/features/feedback/components/FeedbackPage.tsx',
          './CreatePage': './src/features/movies/components/CreatePage.tsx',
        },
        shared: sharedSingletons(require('./package.json')),
        dts: false,
      }),
      // Standalone page for working on this remote alone (`npm start`); the shell never loads it.
      new HtmlWebpackPlugin({ title: 'Cine · admin' }),
    ],
    optimization: {
      // swc instead of webpack's default terser (and its HTML minifier: html-webpack-plugin minifies index.html).
      minimizer: [new SwcMinifyPlugin()],
    },
    performance: { hints: false },
    devServer: {
      port: 3003,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
  };
};

// Module Federation host: remotes are registered at run time (src/bootstrap.tsx),
// so nothing about their location is baked into this build.
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
      publicPath: '/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: 'cine_shell',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(require('./package.json')),
        dts: false,
      }),
      new HtmlWebpackPlugin({ template: './index.html', favicon: './src/assets/logo.svg' }),
    ],
    optimization: {
      // swc instead of webpack's default terser (and its HTML minifier: html-webpack-plugin minifies index.html).
      minimizer: [new SwcMinifyPlugin()],
    },
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: true,
      proxy: [
        { context: ['/api', '/config.js', '/remotes'], target: process.env.GATEWAY_URL || 'http://localhost:8080' },
      ],
    },
  };
};

// The webpack build every Cine frontend shares: the shell (Module Federation host) and
// each remote differ only in what createFrontendConfig is given.
const path = require('node:path');
const zlib = require('node:zlib');
const { minify, transform } = require('@swc/core');

/** react-router's optimised build: its package `exports` name only the development one. */
const reactRouterProduction = path.dirname(require.resolve('react-router/package.json'));

/** The ES build of the runtime @module-federation/enhanced runs on (its package also has a CommonJS one). */
function federationRuntimeCoreModule() {
  const enhanced = require.resolve('@module-federation/enhanced/webpack');
  return require.resolve('@module-federation/runtime-core', { paths: [enhanced] }).replace(/\.cjs$/, '.js');
}

/**
 * Libraries that must exist once on the page: React state, router context and
 * styled-components' style sheet are shared between the shell and the remotes.
 * react-router-dom is shared as the part of it the apps use (react-router-dom.mjs).
 */
function sharedSingletons(pkg) {
  const deps = pkg.dependencies;
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react/jsx-runtime': { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    'react-dom/client': { singleton: true, requiredVersion: deps['react-dom'] },
    'react-router-dom': {
      singleton: true,
      import: path.join(__dirname, 'react-router-dom.mjs'),
      version: require('react-router-dom/package.json').version,
      requiredVersion: deps['react-router-dom'],
    },
    'styled-components': { singleton: true, requiredVersion: deps['styled-components'] },
  };
}

/** The names react-router-dom.mjs shares. */
function sharedRouterNames() {
  const source = require('node:fs').readFileSync(path.join(__dirname, 'react-router-dom.mjs'), 'utf8');
  const list = /export \{([^}]*)\} from 'react-router'/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * Fails the build when an app imports from react-router-dom a name that react-router-dom.mjs does
 * not share: at run time it would be undefined, whichever app's copy of the module was loaded.
 */
class SharedRouterNamesCheck {
  apply(compiler) {
    const shared = sharedRouterNames();
    compiler.hooks.compilation.tap('SharedRouterNamesCheck', (compilation) => {
      compilation.hooks.finishModules.tap('SharedRouterNamesCheck', (modules) => {
        for (const module of modules) {
          for (const dependency of module.dependencies ?? []) {
            const name = dependency.request === 'react-router-dom' ? dependency.ids?.[0] : undefined;
            if (name === undefined || shared.has(name)) continue;
            const where = module.readableIdentifier(compilation.requestShortener);
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `${where} imports '${name}' from react-router-dom: add it to packages/webpack-config/react-router-dom.mjs`,
              ),
            );
          }
        }
      });
    });
  }
}

/**
 * The JavaScript the entry loads as soon as it runs: the chunks of its child chunk groups, i.e.
 * its dynamic import (the shell's bootstrap) and the host's copy of each shared module it
 * provides (React, react-dom, the router, styled-components), which a host that loads first
 * uses. Listed in index.html as preloads, they download alongside the entry instead of after it
 * has arrived and run: one round trip less before the first paint on a phone's network.
 */
class PreloadBootstrapChunks {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.compilation.tap('PreloadBootstrapChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('PreloadBootstrapChunks', (data) => {
        const preloads = bootstrapFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` }),
        );
        data.assetTags.styles.unshift(...preloads);
        return data;
      });
    });
  }
}

function bootstrapFiles(compilation) {
  const groups = [...compilation.entrypoints.values()].flatMap((entrypoint) => entrypoint.getChildren());
  const files = groups.flatMap((group) => group.chunks).flatMap((chunk) => [...chunk.files]);
  return [...new Set(files)].filter((file) => file.endsWith('.js'));
}

function moduleRules(production) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production } },
            target: 'es2020',
          },
        },
      },
    },
    { test: /\.svg$/, type: 'asset/resource' },
  ];
}

/**
 * Minifies the emitted JavaScript with swc: several times faster than webpack's default
 * terser pass, which dominated the build. Licence comments are kept.
 */
class SwcMinifyPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.compilation.tap('SwcMinifyPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'SwcMinifyPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        async (assets) => {
          const scripts = Object.keys(assets).filter((name) => name.endsWith('.js'));
          await Promise.all(
            scripts.map(async (name) => {
              const asset = compilation.getAsset(name);
              if (!asset || asset.info.minimized) return;
              const { code } = await minify(asset.source.source().toString(), {
                compress: true,
                mangle: true,
                format: { comments: 'some' },
              });
              compilation.updateAsset(name, new sources.RawSource(code), { ...asset.info, minimized: true });
            }),
          );
        },
      );
    });
  }
}

/**
 * Emits the site's service worker as `sw.js` at the root of the build: its TypeScript source, types
 * stripped by swc (a classic worker script: no imports), with `__CINE_BUILD__` replaced by the
 * compilation's hash, so a new build is a new worker that replaces the old caches. Emitted before
 * minification and precompression, which it then goes through like any bundle.
 */
class ServiceWorkerPlugin {
  constructor(source) {
    this.source = source;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.fileDependencies.add(this.source);
      compilation.hooks.processAssets.tapPromise(
        { name: 'ServiceWorkerPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const typescript = require('node:fs').readFileSync(this.source, 'utf8');
          const { code } = await transform(typescript, {
            filename: this.source,
            jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
            isModule: false,
          });
          compilation.emitAsset('sw.js', new sources.RawSource(code.replaceAll('__CINE_BUILD__', compilation.hash.slice(0, 16))));
        },
      );
    });
  }
}

/** Text files worth compressing (webpack's own outputs and copied assets). */
const TEXT_ASSETS = /\.(js|css|html|svg|json)$/;

/**
 * Every text file of a production build also as `.br` (brotli, best quality) and
 * `.gz` (gzip -9), so the gateway and the nginx images send the compressed copy
 * the browser accepts and never compress a file per request. Files under 1 KB or
 * that compress poorly are left alone.
 */
function precompressed() {
  const CompressionPlugin = require('compression-webpack-plugin');
  const common = { test: TEXT_ASSETS, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
  ];
}

/**
 * One copy of the Module Federation runtime on the page: the shell (a pure host) bundles it and
 * provides it to the remotes, whose production remoteEntry.js then leaves it out (~20 KB of
 * brotli each). A remote's development build keeps its own, for its standalone page. No part
 * of the runtime for manifests (snapshots) or Node is bundled: remotes are remoteEntry.js URLs.
 */
function federationRuntime({ host, production }) {
  const optimization = { disableSnapshot: true, target: 'web' };
  if (host) return { provideExternalRuntime: true, optimization };
  return { externalRuntime: production, optimization };
}

/**
 * The webpack configuration of one frontend package.
 * - a remote passes `exposes` (its public pages): it emits remoteEntry.js with publicPath 'auto',
 *   so the gateway or a CDN can mount its folder anywhere;
 * - the host passes `publicPath: '/'` and its HTML template; remotes are registered at run time;
 * - `serviceWorker`: the TypeScript source of a service worker to emit as `sw.js` (the shell's).
 */
function createFrontendConfig({ dir, name, exposes, publicPath = 'auto', html, devServer, serviceWorker }) {
  // @module-federation/enhanced deep-imports webpack internals; point it at the webpack the
  // frontend pins (webpack >= 5.111 moved or changed them), not whichever copy npm hoisted.
  process.env.FEDERATION_WEBPACK_PATH = require.resolve('webpack', { paths: [dir] });
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
  const pkg = require(path.join(dir, 'package.json'));

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      entry: './src/index.ts',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: `cine_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // The contracts' TypeScript source, as ES modules: the browser keeps only the constants a
        // web app uses, not the TypeBox schemas the services validate with (package.json: sideEffects).
        alias: {
          '@cine/contracts$': path.join(__dirname, '../contracts/src/index.ts'),
          'react-router$': path.join(reactRouterProduction, 'dist/production/index.mjs'),
          // The runtime's ES build for every importer: the plugin that hands it to the remotes
          // require()s it, which would otherwise bundle its CommonJS build a second time.
          '@module-federation/runtime-core$': federationRuntimeCoreModule(),
        },
      },
      module: { rules: moduleRules(production) },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
          shared: sharedSingletons(pkg),
          // The shell's singletons are loaded before any remote; a remote takes those. The default,
          // 'version-first', downloads every registered remoteEntry.js (admin's too) to compare versions.
          shareStrategy: 'loaded-first',
          dts: false,
          experiments: federationRuntime({ host: !exposes, production }),
        }),
        new SharedRouterNamesCheck(),
        new HtmlWebpackPlugin(html),
        ...(exposes ? [] : [new PreloadBootstrapChunks()]),
        ...(serviceWorker ? [new ServiceWorkerPlugin(path.join(dir, serviceWorker))] : []),
        ...(production ? precompressed() : []),
      ],
      optimization: {
        // swc instead of webpack's default terser (and its HTML minifier: html-webpack-plugin minifies index.html).
        minimizer: [new SwcMinifyPlugin()],
      },
      performance: { hints: false },
      devServer: { historyApiFallback: true, ...devServer },
    };
  };
}

module.exports = { createFrontendConfig };

// Build pieces every Cine frontend uses. Each package keeps its own copy so it builds
// and deploys on its own.
const { minify } = require('@swc/core');

/**
 * Libraries that must exist once on the page: React state, router context and
 * styled-components' style sheet are shared between the shell and the remotes.
 */
function sharedSingletons(pkg) {
  const deps = pkg.dependencies;
  const routerVersion = deps['react-router-dom'];
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react/jsx-runtime': { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    'react-dom/client': { singleton: true, requiredVersion: deps['react-dom'] },
    'react-router': { singleton: true, requiredVersion: routerVersion },
    'react-router-dom': { singleton: true, requiredVersion: routerVersion },
    'styled-components': { singleton: true, requiredVersion: deps['styled-components'] },
  };
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

module.exports = { sharedSingletons, moduleRules, SwcMinifyPlugin };

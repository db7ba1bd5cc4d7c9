// Libraries that must exist once on the page: React state, router context and
// styled-components' style sheet are shared between the shell and the remotes.
module.exports = function sharedSingletons(pkg) {
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
};

// `npm run lint` (with Prettier and knip): typescript-eslint's recommended rules and the
// import boundaries of the README ("Code layout rules"). Every boundary is a zone of
// import-x/no-restricted-paths: an import from `from` into `target` is an error.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webApps = ['shell', 'mfe-catalog', 'mfe-checkout', 'mfe-admin'];
const services = readdirSync('services', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featuresOf = (app) => {
  try {
    return readdirSync(`${app}/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const zones = [
  // Inside a web app: a feature imports only shared folders (components, hooks, lib, …),
  // never another feature; only the app folder (routes, pages that compose features) may.
  ...webApps.flatMap((app) =>
    featuresOf(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message: 'A feature imports only shared folders: move what both need out of the feature, or compose them in src/app.',
    })),
  ),
  ...webApps.map((app) => ({
    target: `./${app}/src/features`,
    from: `./${app}/src/app`,
    message: 'A feature never imports the app folder, which composes the features.',
  })),
  ...webApps.map((app) => ({
    target: `./${app}/src`,
    from: [`./${app}/src/features`, `./${app}/src/app`],
    except: [],
    message: 'Shared folders do not import features or the app folder.',
  })),
  // A remote never imports another remote or the shell; the shell loads remotes only at run time.
  ...webApps.map((app) => ({
    target: `./${app}`,
    from: webApps.filter((other) => other !== app).map((other) => `./${other}`),
    message: 'A web app never imports another web app: share through packages/web-kit or packages/contracts.',
  })),
  // A service imports only packages/ (its own folder aside). Its tests and benches may start other
  // workspaces they declare as devDependencies (identity's recovery test, catalog's gateway bench).
  ...services.map((service) => ({
    target: `./services/${service}/src`,
    from: [
      ...services.filter((other) => other !== service).map((other) => `./services/${other}`),
      './gateway',
      './infra',
      './e2e',
      ...webApps.map((app) => `./${app}`),
    ],
    message: 'A service imports only packages/.',
  })),
  // Libraries stay below everything that uses them.
  {
    target: './packages',
    from: ['./services', './gateway', './infra', './e2e', ...webApps.map((app) => `./${app}`)],
    message: 'packages/ never imports an app or a service.',
  },
];

// Shared folders may import neither features nor app; the first web-app zone lists
// `./<app>/src` as a whole, so features and app themselves are exempted per file below.
const sharedFolderZones = zones.filter((zone) => zone.message.startsWith('Shared folders'));
const otherZones = zones.filter((zone) => !sharedFolderZones.includes(zone));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.data/**', '.e2e-artifacts/**', 'infra/ferretdb/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts', '.json'] })],
      // no-cycle reads the imported modules: with TypeScript's parser, or it sees none of their imports.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: otherZones }],
      // No import cycles: a module graph with cycles loads half-initialised modules and hides layering.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A `let` that a callback reads before its one assignment (RabbitMqEventBus.connect) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: webApps.map((app) => `${app}/src/**`),
    // Entry files and test helpers compose the app like src/app does.
    ignores: webApps.flatMap((app) => [`${app}/src/features/**`, `${app}/src/app/**`, `${app}/src/bootstrap.tsx`, `${app}/src/test/**`]),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...otherZones, ...sharedFolderZones] }] },
  },
  {
    files: [...webApps, 'packages/web-kit'].map((dir) => `${dir}/src/**/*.tsx`),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/jest.setup.js'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);

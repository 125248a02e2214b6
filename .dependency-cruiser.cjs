/**
 * The layers of the code, checked by `npm run lint` (docs/architecture.md, "Layers").
 * A feature folder is any folder directly under apps/server/src or apps/web/src that is not a
 * shared layer; the shared layers serve every feature and know none of them.
 */
const SERVER_SHARED = ['db', 'http', 'events', 'test'];
const WEB_SHARED = ['lib', 'ui'];

const sharedLayer = (app, names) => `^apps/${app}/src/(${names.join('|')})/`;
const featureOf = (app, shared) => `^apps/${app}/src/(?!(${shared.join('|')})/)[^/]+/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment:
        'Files import each other in a circle: what one needs of the other belongs in a third, or comes by registration. ' +
        "A circle closed only by `import type` is no circle at run time: core's rule modules take their parameter types " +
        'from the schemas in api/, which build on the rules (docs/architecture.md).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Feature folders import each other in a circle: one of them must receive what it needs (registration) or the shared part moves to a layer both use.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/(server|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'server-shared-layer-imports-no-feature',
      comment: 'db/, http/, events/ and test/ serve every feature: a feature registers what they need of it.',
      severity: 'error',
      from: { path: sharedLayer('server', SERVER_SHARED.filter((name) => name !== 'test')) },
      to: { path: featureOf('server', SERVER_SHARED) },
    },
    {
      name: 'web-shared-layer-imports-no-feature',
      comment: 'lib/ and ui/ serve every screen: they import no feature and not the app layer.',
      severity: 'error',
      from: { path: sharedLayer('web', WEB_SHARED) },
      to: { path: featureOf('web', WEB_SHARED) },
    },
    {
      name: 'feature-uses-another-features-service',
      comment: "Only a feature's own code touches its repository; other features go through its service.",
      severity: 'error',
      from: { path: '^apps/server/src/([^/]+)/' },
      to: { path: '^apps/server/src/[^/]+/repository\\.ts$', pathNot: '^apps/server/src/$1/' },
    },
    {
      name: 'core-imports-no-app',
      comment: 'packages/core holds the rules both sides share; it knows neither the server nor the web app.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests are leaves (nothing imports them): they may set a scene through any feature's parts.
    exclude: { path: ['node_modules', '^build/', '\\.test\\.tsx?$'] },
    // Type-only imports count for the folders and the layers: a type is a dependency on another feature's ideas.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};

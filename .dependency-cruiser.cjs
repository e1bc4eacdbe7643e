/**
 * The import rules of `src/` (run by `npm run lint`). Feature modules are listed in dependency
 * order: each may import only modules before it, and only through their public face (`index.ts`).
 * `config/`, `common/` and `platform/` sit below every feature; `events/` sits between the platform
 * and the features. See docs/architecture.md.
 */
const MODULES = [
  'stores',
  'geography',
  'auth',
  'staff',
  'customers',
  'newsletter',
  'catalog',
  'store-credits',
  'gift-cards',
  'wishlists',
  'shipping',
  'taxes',
  'markets',
  'payments',
  'credit-cards',
  'promotions',
  'channels',
  'policies',
  'orders',
  'order-edits',
  'returns',
  'digital',
  'webhooks',
  'media',
  'tags',
  'allowed-origins',
  'storefront-v2',
  'not-offered',
  'emails',
];

const moduleOrder = MODULES.map((name, index) => ({
  name: `module-order:${name}`,
  comment: `${name} may import only the modules listed before it in .dependency-cruiser.cjs`,
  severity: 'error',
  from: { path: `^src/modules/${name}/` },
  to: {
    path: `^src/modules/(${MODULES.filter((_, later) => later >= index && later !== index).join('|') || '$^'})/`,
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles; type-only cycles (entities of one module naming each other) are fine',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'unknown-module',
      comment: 'Every feature module is placed in the MODULES order',
      severity: 'error',
      from: {},
      to: { path: `^src/modules/(?!(${MODULES.join('|')})/)` },
    },
    ...moduleOrder,
    {
      name: 'no-deep-module-import',
      comment: 'Another module is reached through its index.ts only',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: {
        path: '^src/modules/[^/]+/.',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'no-deep-import-from-outside',
      comment: 'The application root, the seed and events reach a module through its index.ts only',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/.', pathNot: '^src/modules/[^/]+/index[.]ts$' },
    },
    {
      name: 'no-deep-events-import',
      comment: 'Features reach the events module through src/events/index.ts only',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/events/' },
      to: { path: '^src/events/.', pathNot: '^src/events/index[.]ts$' },
    },
    {
      name: 'events-below-features',
      comment: 'events/ knows no feature module, the seed or the application root',
      severity: 'error',
      from: { path: '^src/events/' },
      to: { path: '^src/(modules|seed)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'platform-below-features',
      comment: 'platform/ is infrastructure: it imports no feature, events, the seed or the root',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules|events|seed)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'common-is-a-kernel',
      comment: 'common/ imports only config/ and libraries',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(platform|modules|events|seed)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'config-imports-nothing',
      comment: 'config/ is read by everything and reads nothing of the application',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/(common|platform|modules|events|seed)/|^src/[^/]+[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

// The import directions of DESIGN.md's layout table, checked on every `npm test`.
// Each rule names a folder and the project folders it must not import.
const layer = (name, from, allowed) => ({
  name,
  severity: 'error',
  comment: `${from} may import only: ${allowed.length ? allowed.join(', ') : 'itself'} (see DESIGN.md, Layout)`,
  from: { path: `^${from}/` },
  to: {
    path: '^(src|runner|reporters|bench|e2e)/',
    pathNot: [`^${from}/`, ...allowed.map((a) => `^${a}/`)],
  },
});

// e2e specs and benchmarks use the package as a user would: only its exported entry points.
const PUBLIC_ENTRIES = ['^runner/index\\.ts$', '^src/sim/index\\.ts$'];
const publicApiOnly = (from) => ({
  name: `${from}-public-api-only`,
  severity: 'error',
  comment: `${from} may import only the package's public entry points (runner/index.ts, src/sim/index.ts)`,
  from: { path: `^${from}/` },
  to: { path: '^(src|runner|reporters)/', pathNot: PUBLIC_ENTRIES },
});

module.exports = {
  forbidden: [
    layer('drivers-stand-alone', 'src/drivers', []),
    layer('sim-stand-alone', 'src/sim', []),
    layer('observe-on-drivers', 'src/observe', ['src/drivers']),
    {
      name: 'observe-uses-driver-types-only',
      severity: 'error',
      comment: 'src/observe may import driver types, never driver code (DESIGN.md, Layout)',
      from: { path: '^src/observe/' },
      to: { path: '^src/drivers/', dependencyTypesNot: ['type-only'] },
    },
    layer('primitives-on-observe-drivers', 'src/primitives', ['src/observe', 'src/drivers']),
    layer('agent-on-primitives-observe-llm', 'src/agent', ['src/primitives', 'src/observe', 'src/llm']),
    layer('llm-stand-alone', 'src/llm', []),
    layer('events-stand-alone', 'src/events', []),
    layer('mcp-on-primitives-observe-drivers', 'src/mcp', ['src/primitives', 'src/observe', 'src/drivers']),
    layer('runner-on-src', 'runner', ['src']),
    layer('reporters-on-events', 'reporters', ['src/events']),
    publicApiOnly('e2e'),
    publicApiOnly('bench'),
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'circular imports make initialisation order fragile (type-only cycles erase at build time)',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'an import that resolves to nothing fails at run time',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};

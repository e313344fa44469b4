// Import cycles, found by dependency-cruiser in `npm run lint` (the layer rules are in
// eslint.config.js). `import type` counts: a cycle through types alone is still two modules that
// cannot be understood, moved or tested apart (and it is how a components/ -> routes/ arrow first
// shows up), so tsPreCompilationDeps is on.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "This module is part of an import cycle (type-only imports included). Break it: move the shared piece down a layer.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Generated code (the Prisma client) and the deliberately cyclic fixtures of tests/lint/.
    exclude: { path: "^(app/generated|tests/lint/fixtures|build|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};

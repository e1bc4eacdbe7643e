// Jest on Node 20 cannot require() an ES module, and @fastify/static (which serves the /docs UI)
// requires the ESM-only content-disposition 3. Under Jest only, v3's `create` is served by the
// CommonJS 0.5 release, whose default export has the same signature.
module.exports = { create: require('content-disposition-cjs') };

#!/usr/bin/env node
// Entry point installed as `groundcheck`: the bundled CLI does the work,
// loaded with V8's code cache so a start does not compile it again.
const { loadWithCodeCache } = require('./loadWithCodeCache.js');
loadWithCodeCache(require.resolve('../dist/cli.js'));

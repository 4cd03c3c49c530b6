#!/usr/bin/env node
// Entry point installed as `groundcheck`: the bundled CLI does the work.
require('../dist/cli.js');

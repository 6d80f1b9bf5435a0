// V8 flags for the Node processes the tests start: the built server, and the forks that open PGlite to seed it.
/**
 * `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler. A test server lives for seconds and
 * runs a few hundred statements, so the optimising tier's background compiling costs more CPU than it saves
 * (issue 35: a third of a test server's CPU, and 190 s of a 1,143 s run). The flag changes how fast the code
 * runs, never what it does; production servers run without it.
 */
export const TEST_NODE_FLAGS = ["--liftoff-only"];

/** Cold-start bench: a program that loads the root entry and nothing else. */
import * as toolkit from 'generation-agent-toolkit';

globalThis.loadedExports = Object.keys(toolkit).length;

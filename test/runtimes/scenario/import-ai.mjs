/** Cold-start bench: the baseline, a program that loads `ai` alone. */
import * as ai from 'ai';

globalThis.loadedExports = Object.keys(ai).length;

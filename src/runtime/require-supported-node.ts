/**
 * Imported first by every entry point, for its effect alone: on a Node.js older than the toolkit
 * supports, importing the package fails here, saying so, rather than later inside a dependency.
 * It must stay free of anything but `supported-node.ts`, so that it runs before the rest loads.
 * @module
 */
import { unsupportedNodeMessage } from './supported-node.js';

const problem = unsupportedNodeMessage();
// A plain Error on purpose: the toolkit's error classes are not to be loaded on an unsupported Node.
if (problem) throw Object.assign(new Error(problem), { code: 'unsupported_node' });

/**
 * What this JavaScript runtime allows, found by trying it once rather than by its name: a runtime
 * that names itself Node (Bun, Deno, workerd with `nodejs_compat`) may still refuse what Node
 * allows, and one that does not may allow it.
 * @module
 */

/** The smallest valid WebAssembly module: the magic number and version 1, no sections. */
const EMPTY_WASM_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

let wasmCompiles: boolean | undefined;
let codeGenerates: boolean | undefined;

/**
 * Whether WebAssembly may be compiled from bytes at run time. workerd refuses it ("Wasm code
 * generation disallowed by embedder"), and undici's HTTP parser is WebAssembly compiled so.
 */
export function canCompileWebAssembly(): boolean {
  if (wasmCompiles === undefined) {
    try {
      wasmCompiles = new WebAssembly.Module(EMPTY_WASM_MODULE) instanceof WebAssembly.Module;
    } catch {
      wasmCompiles = false;
    }
  }
  return wasmCompiles;
}

/**
 * Whether code may be generated from strings (`new Function`). workerd and edge runtimes refuse it,
 * and ajv compiles its validators so.
 */
export function canGenerateCode(): boolean {
  if (codeGenerates === undefined) {
    try {
      codeGenerates = new Function('return 1')() === 1;
    } catch {
      codeGenerates = false;
    }
  }
  return codeGenerates;
}

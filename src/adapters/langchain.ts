/** Filled in by its issue. @module */
export {};

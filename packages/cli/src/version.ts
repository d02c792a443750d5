declare const __PACKAGE_VERSION__: string;

/** gentk's version (the CLI package's), injected at build time (and by vitest in tests). */
export const VERSION: string = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-dev';

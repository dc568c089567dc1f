// Types for scripts/optimize-client-build.js.
export function futureFlagConstants(future?: Record<string, boolean>): Record<string, boolean>;
export function minifyScript(code: string, globalDefs?: Record<string, boolean>): Promise<string>;
export function minifyScripts(dir: string): Promise<{ before: number; after: number }>;
export function precompressAssets(dir: string): Promise<{ before: number; after: number }>;

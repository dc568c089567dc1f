// Types for scripts/page-scripts.js.
export function scriptUrls(html: string): string[];
export function pageScriptBytes(base: string, pagePath: string): Promise<{ files: number; gzip: number; brotli: number; raw: number }>;

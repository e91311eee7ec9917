// Types of scripts/page-preloads.mjs for the tests that import it.
import type { ManifestChunk } from '../bench/size.mjs';

type Manifest = Record<string, ManifestChunk>;
export function closure(manifest: Manifest, key: string, seen?: Set<string>): Set<string>;
export function entryKey(manifest: Manifest): string;
export function pageModules(routesSource: string, manifest: Manifest): Record<string, string>;
export function pagePreloads(manifest: Manifest, pageKey: string): string[];
export function withPreloads(html: string, files: string[]): string;

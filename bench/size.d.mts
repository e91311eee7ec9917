// Types of bench/size.mjs for the tests that import it.
export interface PageLoad {
  page: string;
  kind: 'landing' | 'static' | 'member';
  chunk: string;
  bytes: number;
}
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}
export const BUDGET_BYTES: number;
export const STATIC_PAGES: string[];
export function firstLoads(
  manifest: Record<string, ManifestChunk>,
  sizeOf: (file: string) => number,
): { entryBytes: number; pages: PageLoad[] };
export function overBudget(pages: PageLoad[], budget?: number): PageLoad[];
export function budgetOf(page: string, ceilings: Record<string, number>): number;
export function overCeiling(pages: PageLoad[], ceilings: Record<string, number>): PageLoad[];
export function ceilingsOf(pages: PageLoad[]): Record<string, number>;
export function readCeilings(): Record<string, number>;
export function sizeReport(): { entryBytes: number; pages: PageLoad[]; budgetBytes: number };
export function kib(bytes: number): string;

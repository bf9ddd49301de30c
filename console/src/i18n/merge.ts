type Tree = { [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep-merges catalogue trees left to right; a key defined as text in two places is a mistake, so the later one wins loudly in tests (parity). */
export function mergeCatalogues<T extends Tree>(...trees: Tree[]): T {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      out[key] = isTree(value) && isTree(out[key]) ? mergeCatalogues(out[key] as Tree, value) : value;
    }
  }
  return out as T;
}

/**
 * The search module: the index over the catalogue, predictive and full search, rebuilds.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */
export type { CatalogueSource, SearchProductFilter } from "./catalogue-source.ts";
export { type SearchApiOptions, searchApi } from "./http.ts";
export {
  type CatalogueChanges,
  type RebuildProgress,
  type RebuildResult,
  rebuildSearchIndex,
  searchIndexSize,
  settleSearchIndex,
  syncSearchIndex,
} from "./indexer.ts";
export { warmProductIndex } from "./memory-index.ts";
export {
  POPULARITY_DAYS,
  refreshPopularity,
  startPopularityRefresh,
} from "./popularity.ts";
export {
  recordZeroResult,
  type ZeroResultQuery,
  zeroResultKey,
  zeroResultQueries,
} from "./query-log.ts";
export { matchingProductIds, predictiveSearch, searchPage, searchProducts } from "./search.ts";
export { suggestQuery } from "./suggest.ts";
export {
  deleteSearchSynonym,
  findSearchSynonym,
  forgetSynonymRules,
  listSearchSynonyms,
  MAX_REPLACEMENTS,
  MAX_SYNONYM_LENGTH,
  readSynonymInput,
  type SearchSynonym,
  SYNONYM_KINDS,
  SYNONYM_MESSAGES,
  type SynonymErrors,
  type SynonymInput,
  type SynonymKind,
  type SynonymSave,
  saveSearchSynonym,
} from "./synonyms.ts";
export { productWordsCondition, type WordScope } from "./word-match.ts";

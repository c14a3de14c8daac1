import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogModel, PRICE_KINDS, PriceTable } from '../model.entity.js';
import type { ImportedModel } from './genai-prices.js';

/** What an import did (see `ModelImportResult`). */
export interface ImportCounts {
  total: number;
  created: number;
  updated: number;
  keptManual: number;
  skipped: number;
}

/**
 * Writes imported models in one transaction. New ids are created; existing models get the new
 * prices unless `manualPriceOverride` is set (then they are left alone) — vendor, kind, aliases,
 * multiplier and rejected parameters belong to the admin once a row exists, and a known context limit is never
 * replaced. An id or alias already used as another model's name is skipped or dropped.
 */
export async function importModels(em: EntityManager, read: { models: ImportedModel[]; skipped: number }): Promise<ImportCounts> {
  return em.transactional(async (tx) => {
    const existing = await tx.find(CatalogModel, {});
    const byId = new Map(existing.map((m) => [m.modelId, m]));
    const taken = new Set(existing.flatMap((m) => [m.modelId, ...m.aliases]));
    const counts: ImportCounts = { total: read.models.length, created: 0, updated: 0, keptManual: 0, skipped: read.skipped };
    for (const imported of read.models) {
      const current = byId.get(imported.modelId);
      if (!current) {
        if (taken.has(imported.modelId)) {
          counts.skipped++;
          continue;
        }
        const aliases = imported.aliases.filter((a) => !taken.has(a));
        for (const name of [imported.modelId, ...aliases]) taken.add(name);
        tx.create(CatalogModel, { ...imported, aliases, prices: priceTable(imported) });
        counts.created++;
      } else if (current.manualPriceOverride) {
        counts.keptManual++;
      } else {
        const prices = priceTable(imported);
        const changed = PRICE_KINDS.some((k) => (current.prices[k] ?? null) !== (prices[k] ?? null));
        if (changed) current.prices = prices;
        if (current.contextLimit == null && imported.contextLimit != null) current.contextLimit = imported.contextLimit;
        if (changed || current.source !== imported.source) {
          current.source = imported.source;
          counts.updated++;
        }
      }
    }
    return counts;
  });
}

function priceTable(imported: ImportedModel): PriceTable {
  const table = new PriceTable();
  for (const k of PRICE_KINDS) table[k] = imported.prices[k] ?? null;
  return table;
}

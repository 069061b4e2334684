import type { CatalogueDescription, CatalogueSource } from '@originality/contracts';
import { ENGINE_VERSION } from '@originality/music-analysis';
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { CatalogueVersionEntity } from '../catalogue/entities';
import { licenceName } from '../listening/playback-licence';

/** The source recorded by `catalog demo` (cli/commands/catalog.ts). */
const DEMO_SOURCE = 'demo-generator';
const DEMO_NAME = 'demo catalogue (generated and public-domain pieces, rendered by the in-repo synthesiser)';

/**
 * Catalogue transparency: what an analysis was compared with, stored with its result. Sources are read from
 * the tracks this engine version extracted (the ones an index holds); an operator's file imports count as one
 * source, tracks imported from the web by host.
 */
@Injectable()
export class CatalogueDescriber {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async describe(searched: { size: number; version: string }): Promise<CatalogueDescription> {
    const [row, sources] = await Promise.all([
      this.dataSource.manager.findOneBy(CatalogueVersionEntity, { id: 1 }),
      this.sources(),
    ]);
    return { ...searched, ...(row ? { updatedAt: row.updatedAt.toISOString() } : {}), sources };
  }

  private async sources(): Promise<CatalogueSource[]> {
    const rows: { origin: string; licence: string; count: string }[] = await this.dataSource.query(
      `SELECT CASE WHEN t.source = $1 THEN 'demo'
                   WHEN t.source ~ '^https?://' THEN substring(t.source from '^https?://([^/:]+)')
                   ELSE 'files' END AS origin,
              t.licence, count(*) AS count
         FROM reference_tracks t JOIN track_descriptors d ON d.track_id = t.id
        WHERE d.engine_version = $2
        GROUP BY 1, 2`,
      [DEMO_SOURCE, ENGINE_VERSION],
    );
    return groupSources(rows.map((r) => ({ origin: r.origin, licence: r.licence, count: Number(r.count) })));
  }
}

/** One source per origin, largest first, with the distinct licence names of its tracks (sorted). */
export function groupSources(rows: readonly { origin: string; licence: string; count: number }[]): CatalogueSource[] {
  const byOrigin = new Map<string, CatalogueSource>();
  for (const row of rows) {
    const name = sourceName(row.origin);
    const source = byOrigin.get(name) ?? { name, trackCount: 0, licences: [] };
    source.trackCount += row.count;
    const licence = licenceName(row.licence);
    if (!source.licences.includes(licence)) source.licences.push(licence);
    byOrigin.set(name, source);
  }
  for (const source of byOrigin.values()) source.licences.sort();
  return [...byOrigin.values()].sort((a, b) => b.trackCount - a.trackCount);
}

function sourceName(origin: string): string {
  if (origin === 'demo') return DEMO_NAME;
  if (origin === 'files') return 'tracks imported by the operator';
  return `tracks from ${origin}`;
}

import { outboxMigration } from '@originality/platform';
import { ANALYSIS_SCHEMA } from '../schema';
import { CreateCatalogue1763900000000 } from './1763900000000-CreateCatalogue';
import { CreateAnalysisRuns1764000000000 } from './1764000000000-CreateAnalysisRuns';
import { CreateReports1764100000000 } from './1764100000000-CreateReports';
import { AddListening1764200000000 } from './1764200000000-AddListening';

/** Migrations of the `analysis` schema, oldest first. */
export const ANALYSIS_MIGRATIONS = [
  outboxMigration(ANALYSIS_SCHEMA),
  CreateCatalogue1763900000000,
  CreateAnalysisRuns1764000000000,
  CreateReports1764100000000,
  AddListening1764200000000,
];

import type { AnalysisResultView } from '@originality/contracts';
import { Card, Statistic } from 'antd';

/**
 * Catalogue transparency: how many reference tracks were searched and where they come from, the catalogue's
 * version and date, the engine version and this analysis' measured time. Results stored before sources and
 * dates were recorded show what they have.
 */
export function CataloguePanel({ result }: { result: AnalysisResultView }) {
  const { catalogue } = result;
  return (
    <Card title={<h2 className="card-title">About This Analysis</h2>}>
      <div className="stat-grid">
        <Statistic title="Catalogue" value={catalogue.size} suffix={catalogue.size === 1 ? 'song' : 'songs'} />
        <Statistic title="Processing Time" value={(result.processingMs / 1000).toFixed(1)} suffix="s" />
        <Statistic title="Song Length" value={Math.round(result.durationSec)} suffix="s" />
      </div>
      {catalogue.sources && catalogue.sources.length > 0 && (
        <ul className="catalogue-sources" aria-label="Catalogue sources">
          {catalogue.sources.map((source) => (
            <li key={source.name}>
              {source.name}: {source.trackCount} {source.trackCount === 1 ? 'track' : 'tracks'} (
              {source.licences.join(', ')})
            </li>
          ))}
        </ul>
      )}
      <p className="muted spaced-top">
        Compared against catalogue version {catalogue.version}
        {catalogue.updatedAt ? ` of ${new Date(catalogue.updatedAt).toLocaleDateString('en-GB', DATE)}` : ''} with
        engine {result.engineVersion}.
      </p>
    </Card>
  );
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

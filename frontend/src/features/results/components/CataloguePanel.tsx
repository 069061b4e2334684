import type { AnalysisResultView } from '@originality/contracts';
import { Card, Statistic } from 'antd';

/** Where the comparison came from: the true catalogue size and this analysis' measured time. */
export function CataloguePanel({ result }: { result: AnalysisResultView }) {
  return (
    <Card title={<h2 className="card-title">About This Analysis</h2>}>
      <div className="stat-grid">
        <Statistic
          title="Catalogue"
          value={result.catalogue.size}
          suffix={result.catalogue.size === 1 ? 'song' : 'songs'}
        />
        <Statistic title="Processing Time" value={(result.processingMs / 1000).toFixed(1)} suffix="s" />
        <Statistic title="Song Length" value={Math.round(result.durationSec)} suffix="s" />
      </div>
      <p className="muted spaced-top">
        Compared against catalogue {result.catalogue.version} with engine {result.engineVersion}.
      </p>
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { PASSAGE_COLOURS, type Passage, translucent } from '../lib/passages';

export interface PassageWaveformProps {
  /** The server's min/max peaks (the browser decodes nothing). */
  peaks: number[];
  durationSec: number;
  /** The upload's audio element: the waveform's cursor follows it and clicking the waveform seeks it. */
  media: HTMLAudioElement;
  passages: Passage[];
  selectedId: string | null;
  onSelect(passageId: string): void;
}

/**
 * The upload's waveform (wavesurfer.js) with the selected track's matched passages as coloured regions. Loaded
 * on its own (React.lazy) so wavesurfer stays out of the other pages' bundles.
 */
export default function PassageWaveform({
  peaks,
  durationSec,
  media,
  passages,
  selectedId,
  onSelect,
}: PassageWaveformProps) {
  const container = useRef<HTMLDivElement>(null);
  const regions = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  // Regions added before the waveform is ready get no length (wavesurfer draws them as markers).
  const [ready, setReady] = useState(false);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const plugin = RegionsPlugin.create();
    const surfer = WaveSurfer.create({
      container: container.current!,
      peaks: [peaks],
      duration: durationSec,
      media,
      height: 96,
      waveColor: '#b9b4cc',
      progressColor: '#6b6880',
      cursorColor: '#1f1b2e',
      normalize: true,
      plugins: [plugin],
    });
    plugin.on('region-clicked', (region, event) => {
      event.stopPropagation(); // a region plays its passage; the waveform's own click would seek elsewhere
      select.current(region.id);
    });
    surfer.on('ready', () => setReady(true));
    regions.current = plugin;
    return () => {
      regions.current = null;
      setReady(false);
      surfer.destroy();
    };
  }, [peaks, durationSec, media]);

  useEffect(() => {
    const plugin = regions.current;
    if (!plugin || !ready) return;
    plugin.clearRegions();
    for (const passage of passages) {
      plugin.addRegion({
        id: passage.id,
        start: passage.query.start,
        end: passage.query.end,
        color: translucent(PASSAGE_COLOURS[passage.dimension], passage.id === selectedId ? 0.5 : 0.25),
        drag: false,
        resize: false,
      });
    }
  }, [passages, selectedId, ready]);

  return <div ref={container} className="passage-waveform" data-testid="passage-waveform" />;
}

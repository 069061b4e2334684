import type { UploadView } from '@originality/contracts';
import { filterUploads, isFiltering, NO_FILTER } from './history-filter';

const anUpload = (originalFilename: string, analysisStatus: UploadView['analysisStatus']) =>
  ({ id: originalFilename, originalFilename, analysisStatus }) as UploadView;

const uploads = [
  anUpload('Summer Song.mp3', 'completed'),
  anUpload('winter demo.wav', 'failed'),
  anUpload('summer remix.mp3', 'analyzing'),
];

describe('history filters', () => {
  it('shows everything without a filter', () => {
    expect(filterUploads(uploads, NO_FILTER)).toEqual(uploads);
    expect(isFiltering(NO_FILTER)).toBe(false);
  });

  it('matches the filename in any case, ignoring surrounding spaces', () => {
    expect(filterUploads(uploads, { search: '  SUMMER ', status: 'all' }).map((u) => u.id)).toEqual([
      'Summer Song.mp3',
      'summer remix.mp3',
    ]);
  });

  it('combines the search with the status', () => {
    const filter = { search: 'summer', status: 'analyzing' } as const;
    expect(filterUploads(uploads, filter).map((u) => u.id)).toEqual(['summer remix.mp3']);
    expect(isFiltering(filter)).toBe(true);
    expect(filterUploads(uploads, { search: '', status: 'pending' })).toEqual([]);
  });
});

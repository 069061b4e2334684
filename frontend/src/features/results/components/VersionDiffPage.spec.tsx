import type { VersionDiff } from '@originality/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff, newUserHome } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';
import { aPage, anUpload } from '../../../test/upload-factories';

const segment = (start: number, reference: number) => ({
  query: { start, end: start + 10 },
  reference: { start: reference, end: reference + 10 },
});

function aDiff(): VersionDiff {
  return {
    current: { uploadId: 'up-2', title: 'Take 2', analysedAt: '2026-11-24T10:00:00.000Z', originalityScore: 74 },
    earlier: { uploadId: 'up-1', title: 'Take 1', analysedAt: '2026-11-23T10:00:00.000Z', originalityScore: 40 },
    scores: [
      { field: 'originalityScore', label: 'Originality', before: 40, after: 74, change: 34 },
      { field: 'melodyUniqueness', label: 'Melody Uniqueness', before: 20, after: 65, change: 45 },
    ],
    tracks: [
      {
        referenceId: 'ref-1',
        title: 'Neon Harbor',
        artist: 'The Examples',
        status: 'remains',
        before: 91,
        after: 62,
        dimensions: [
          {
            dimension: 'melody',
            before: 93,
            after: 62,
            passages: [
              { fate: 'remains', before: segment(42, 70), after: segment(30, 70) },
              { fate: 'disappeared', before: segment(100, 150), after: null },
            ],
          },
        ],
      },
      {
        referenceId: 'ref-2',
        title: 'Old Tune',
        artist: 'Someone',
        status: 'gone',
        before: 70,
        after: null,
        dimensions: [],
      },
    ],
  };
}

function diffServer() {
  return fakeServer({
    ...newUserHome,
    'GET /api/auth/user': { body: aUser() },
    'GET /api/maintenance-status': maintenanceOff,
    'GET /api/audio/uploads?limit=50': {
      body: aPage([
        anUpload({ id: 'up-2', originalFilename: 'Take 2.mp3', analysisStatus: 'completed', originalityScore: 74 }),
        anUpload({ id: 'up-1', originalFilename: 'Take 1.mp3', analysisStatus: 'completed', originalityScore: 40 }),
        anUpload({ id: 'up-0', originalFilename: 'Broken.mp3', analysisStatus: 'failed' }),
      ]),
    },
    'GET /api/audio/uploads/up-2/diff/up-1': { body: aDiff() },
  });
}

describe('version diff page', () => {
  it('offers the other analysed uploads and shows the diff of the one picked', async () => {
    const server = diffServer();
    renderApp('/compare/up-2');
    const picker = await screen.findByRole('combobox', { name: 'Earlier version' });
    const option = await screen.findByRole('option', { name: /Take 1\.mp3/ });
    expect(screen.queryByRole('option', { name: /Take 2\.mp3/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Broken\.mp3/ })).not.toBeInTheDocument();
    fireEvent.change(picker, { target: { value: (option as HTMLOptionElement).value } });
    expect(await screen.findByText('Neon Harbor')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/audio/uploads/up-2/diff/up-1')).toHaveLength(1);
  });

  it('shows how every score moved and which matched passages remain or disappeared', async () => {
    diffServer();
    renderApp('/compare/up-2?with=up-1');
    expect(await screen.findByRole('row', { name: 'Originality 40% 74% +34' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Melody Uniqueness 20% 65% +45' })).toBeInTheDocument();
    const neon = screen.getByRole('listitem', { name: 'Neon Harbor' });
    expect(within(neon).getByText('still matches')).toBeInTheDocument();
    expect(within(neon).getByText('Your 0:42–0:52 → 0:30–0:40 ↔ their 1:10–1:20: remains')).toBeInTheDocument();
    expect(within(neon).getByText('Your 1:40–1:50 ↔ their 2:30–2:40: disappeared')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Old Tune' })).getByText('no longer matches'),
    ).toBeInTheDocument();
  });

  it("says so when the comparison is refused, with the server's words", async () => {
    fakeServer({
      ...newUserHome,
      'GET /api/auth/user': { body: aUser() },
      'GET /api/maintenance-status': maintenanceOff,
      'GET /api/audio/uploads?limit=50': { body: aPage([]) },
      'GET /api/audio/uploads/up-2/diff/up-9': { status: 404, body: { error: 'Upload not found.', code: 'NOT_FOUND' } },
    });
    renderApp('/compare/up-2?with=up-9');
    expect(await screen.findByText('The comparison could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Upload not found.')).toBeInTheDocument();
  });
});

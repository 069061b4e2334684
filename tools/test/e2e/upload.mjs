// The core loop as a creator lives it: drop a song, watch the worker's progress, read the result.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, newPage, signIn } from './helpers.mjs';

/** A 30 s piece is analysed in seconds; the bound is for a loaded CI machine. */
const ANALYSIS_TIMEOUT_MS = 120_000;

/** Drops a file on the home screen's drop zone, as a drag from the desktop does. */
async function dropFile(page, path, mimeType) {
  const bytes = readFileSync(path).toString('base64');
  await page.getByRole('region', { name: 'Drop zone for an audio file' }).evaluate(
    (zone, { bytes, name, mimeType }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: mimeType }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes, name: basename(path), mimeType },
  );
}

/** Drops the file, sees the upload accepted and the progress card follow it to the result view. */
async function analyse(page, path) {
  const dropped = Date.now();
  await dropFile(page, path, 'audio/wav');
  await page.getByText('Upload Successful').first().waitFor();
  const card = page.locator('.progress-card');
  await card.getByRole('heading', { name: new RegExp(`Analyzing .${basename(path)}.`) }).waitFor();
  await page.getByText('Analysis complete!').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
  expect((await card.getByRole('progressbar').getAttribute('aria-valuenow')) === '100', 'completion shows 100%');
  await page.getByRole('heading', { name: 'Analysis Results' }).waitFor();
  // A figure, not an assertion: it includes the card's 1.2 s 'Analysis complete!' pause.
  console.log(`    drop → result on screen for ${basename(path)}: ${Date.now() - dropped} ms`);
}

/** '1:05' → 65. */
const seconds = (clock) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** A passage chip's range: 'Melody 0:42–1:05' → [42, 65]. */
async function rangeOf(chip) {
  const [, from, to] = /(\d+:\d\d)–(\d+:\d\d)$/.exec((await chip.textContent()) ?? '') ?? [];
  expect(from && to, 'a passage names its time range');
  return [seconds(from), seconds(to)];
}

/**
 * The copy's matched passages: drawn as regions where they start on the waveform, and a click on one plays the
 * upload's passage and then the reference's (A/B), both from signed URLs. The regions and the chips below the
 * waveform are in the same (song) order.
 */
async function seeAndHearTheMatch(page) {
  const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Where It Matches' }) });
  const regions = card.locator('.passage-waveform [part~="region"]');
  await regions.first().waitFor();
  const length = Number.parseFloat(
    (await page
      .locator('.ant-statistic', { hasText: 'Song Length' })
      .locator('.ant-statistic-content-value')
      .textContent()) ?? '',
  );
  const [start] = await rangeOf(card.locator('.passage-chip').first());
  const left = Number.parseFloat(await regions.first().evaluate((el) => el.style.left));
  const drawnAt = (left / 100) * length;
  expect(Math.abs(drawnAt - start) <= 1.5, `the region starts at ${drawnAt.toFixed(1)} s, the passage at ${start} s`);

  // The last region is drawn on top of any it overlaps: a person's click lands on it.
  const [from, to] = await rangeOf(card.locator('.passage-chip').last());
  await regions.last().click();
  await card.getByText(/^Transform: /).waitFor();
  // The upload's passage plays to its end, then the reference's follows (or the status says why not).
  const status = card.getByRole('status');
  await card.getByText(/^Playing the reference…$|^Playback failed/).waitFor({ timeout: (to - from + 30) * 1000 });
  const said = await status.textContent();
  expect(said === 'Playing the reference…', `A/B reaches the reference; the status says "${said}"`);
  await card.getByRole('button', { name: /Stop/ }).click();
}

export const uploadTests = [
  {
    name: 'a creator drops a catalogue song and an original, watches the progress and reads both results',
    async run(ctx) {
      const { copy, original } = ctx.demoAudio;
      const { context, page } = await newPage(ctx);
      try {
        await signIn(page, { email: 'uploader@example.com', name: 'Una Uploader' });
        await page.getByText('No uploads yet. Upload your first AI-generated music to get started!').waitFor();
        await page.getByLabel('Monthly uploads used').getByText('0/10').waitFor();

        await analyse(page, copy.path);
        const top = page.locator('.match').first();
        await top.getByText(copy.title, { exact: true }).waitFor();
        await top.getByText('high match').waitFor();
        const similarity = Number.parseInt((await top.getByText(/% similar$/).textContent()) ?? '', 10);
        expect(similarity >= 80, `the copy should match "${copy.title}" at 80% or more, got ${similarity}%`);
        expect(
          (await top.getByRole('link', { name: /^Preview / }).getAttribute('href')) ===
            `https://open.spotify.com/search/${encodeURIComponent(`${copy.title} ${copy.artist}`)}`,
          'the preview link searches for the title and artist',
        );

        await top.getByText('What you could change:').first().waitFor();
        await seeAndHearTheMatch(page);

        await page.getByRole('button', { name: /Back to History/ }).click();
        await page.getByLabel('Monthly uploads used').getByText('1/10').waitFor();
        await analyse(page, original.path);
        await page.getByText(/No track is 80% or more similar/).waitFor();
        expect((await page.getByText('high match').count()) === 0, 'the original shows no high match');

        await page.getByRole('button', { name: /Back to History/ }).click();
        await page.getByText('Showing 2 of 2 uploads').waitFor();
        const rows = page.getByRole('list', { name: 'Your uploads' }).getByRole('listitem');
        expect((await rows.count()) === 2, 'the history lists both uploads');
        await rows.first().getByText('Completed').waitFor();
        await page.locator('.profile-statistics').getByText('2').first().waitFor();

        await rows
          .last()
          .getByRole('button', { name: basename(copy.path), exact: true })
          .click();
        await page.getByRole('heading', { name: 'Analysis Results' }).waitFor();
        await page.locator('.match').first().getByText(copy.title, { exact: true }).waitFor();
      } finally {
        await context.close();
      }
    },
  },
];

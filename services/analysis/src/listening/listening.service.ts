import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Caller,
  LISTEN_URL_SECONDS,
  type ReferencePlayback,
  type UploadListening,
  type UploadWaveform,
} from '@originality/contracts';
import { DomainError, ObjectStorage } from '@originality/platform';
import { In, type DataSource } from 'typeorm';
import { ReferenceTrackEntity } from '../catalogue/entities';
import { AnalysisRuns } from '../jobs/analysis-runs';
import { completedRunOf } from '../results/owned-run';
import { isPlayableLicence } from './playback-licence';
import { decodePeaks } from './peaks';
import { RunWaveformEntity } from './run-waveform.entity';

/** Another user's upload reads as no upload at all: its id cannot be probed for audio. */
const OTHERS_SEE = 'notFound';
const NOT_LICENSED =
  "This track's licence does not allow playback here: compare by its time ranges and streaming link.";
const NOT_KEPT = "This track's audio is not kept for listening: compare by its time ranges and streaming link.";

/**
 * The matched passages seen and heard, for the upload's owner only: the stored waveform peaks, and signed
 * URLs (valid {@link LISTEN_URL_SECONDS} s) that the browser plays straight from object storage.
 */
@Injectable()
export class ListeningService {
  constructor(
    private readonly runs: AnalysisRuns,
    private readonly storage: ObjectStorage,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async waveformOf(caller: Caller | null, uploadId: string): Promise<UploadWaveform> {
    const run = await completedRunOf(this.runs, caller, uploadId, OTHERS_SEE);
    const stored = await this.dataSource.manager.findOneBy(RunWaveformEntity, { analysisId: run.analysisId });
    if (!stored)
      throw DomainError.notFound('This analysis ran before waveforms were kept: reanalyse the upload to get one.');
    return { uploadId, durationSec: stored.durationSec, peaks: decodePeaks(stored.peaks) };
  }

  async listeningOf(caller: Caller | null, uploadId: string): Promise<UploadListening> {
    const run = await completedRunOf(this.runs, caller, uploadId, OTHERS_SEE);
    const expiresAt = new Date(Date.now() + LISTEN_URL_SECONDS * 1000).toISOString();
    const ids = [...new Set(run.results.allMatches.map((match) => match.referenceId))];
    const tracks = ids.length
      ? await this.dataSource.manager.find(ReferenceTrackEntity, {
          where: { id: In(ids) },
          select: { id: true, licence: true, audioKey: true },
        })
      : [];
    const byId = new Map(tracks.map((track) => [track.id, track]));
    const references = await Promise.all(
      ids.map((referenceId) => this.playbackOf(referenceId, byId.get(referenceId), expiresAt)),
    );
    const upload = { url: await this.storage.presignGet(run.objectPath, LISTEN_URL_SECONDS), expiresAt };
    return { uploadId, upload, references };
  }

  /** A signed URL when the licence allows playback and the audio is kept; otherwise why not. */
  private async playbackOf(
    referenceId: string,
    track: ReferenceTrackEntity | undefined,
    expiresAt: string,
  ): Promise<ReferencePlayback> {
    if (!track || !isPlayableLicence(track.licence)) return { referenceId, playable: false, reason: NOT_LICENSED };
    if (!track.audioKey) return { referenceId, playable: false, reason: NOT_KEPT };
    return {
      referenceId,
      playable: true,
      url: await this.storage.presignGet(track.audioKey, LISTEN_URL_SECONDS),
      expiresAt,
    };
  }
}

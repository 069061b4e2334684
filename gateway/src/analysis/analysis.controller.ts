import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AnalysisResultView, Caller, UploadListening, UploadWaveform } from '@originality/contracts';
import type { Response } from 'express';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { UploadIdPipe } from '../uploads/upload-id.pipe';
import { UploadsClient } from '../uploads/uploads.client';
import { AnalysisClient } from './analysis.client';
import { ProgressStreams } from './progress-stream';

@ApiTags('analysis')
@Controller('api/audio/uploads')
export class AnalysisController {
  constructor(
    private readonly analysis: AnalysisClient,
    private readonly uploads: UploadsClient,
    private readonly streams: ProgressStreams,
  ) {}

  /** The latest completed analysis of the caller's upload: the spec's results plus the engine's evidence. */
  @Get(':id/result')
  @RequireSignIn()
  @ApiOkResponse({ description: 'AnalysisResultView' })
  @ApiNotFoundResponse({ description: 'No such upload of yours, or its analysis has not completed yet.' })
  result(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<AnalysisResultView> {
    return this.analysis.resultOf(caller, id);
  }

  /** Waveform peaks of the caller's upload, computed once by the analysis worker (the browser decodes nothing). */
  @Get(':id/waveform')
  @RequireSignIn()
  @ApiOkResponse({ description: 'UploadWaveform' })
  @ApiNotFoundResponse({ description: 'No such upload of yours, no completed analysis, or none with a waveform.' })
  waveform(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<UploadWaveform> {
    return this.analysis.waveformOf(caller, id);
  }

  /**
   * Signed URLs (valid 5 minutes) to play the caller's upload and each matched reference whose licence allows
   * playback, straight from object storage: the gateway never carries the audio.
   */
  @Get(':id/listen')
  @RequireSignIn()
  @ApiOkResponse({ description: 'UploadListening' })
  @ApiNotFoundResponse({ description: 'No such upload of yours, or its analysis has not completed yet.' })
  listen(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<UploadListening> {
    return this.analysis.listeningOf(caller, id);
  }

  /**
   * Live progress of the caller's upload as Server-Sent Events (`progress`, AnalysisProgress JSON), ending
   * after the completed or failed event. 204 when the analysis had already ended: read the upload instead.
   */
  @Get(':id/events')
  @RequireSignIn()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'text/event-stream of `progress` events' })
  async events(
    @CurrentCaller() caller: Caller,
    @Param('id', UploadIdPipe) id: string,
    @Res() res: Response,
  ): Promise<void> {
    // Listen first, then check: a message sent while the upload is looked up is kept, not lost.
    const subscription = this.streams.subscribe(id);
    let upload;
    try {
      upload = await this.uploads.get(caller, id);
    } catch (err) {
      subscription.cancel();
      throw err;
    }
    if (upload.analysisStatus === 'completed' || upload.analysisStatus === 'failed') {
      subscription.cancel();
      res.status(204).end();
      return;
    }
    subscription.relayTo(res);
  }
}

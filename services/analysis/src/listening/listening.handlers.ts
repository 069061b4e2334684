import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type Caller, ListeningSubjects, type UploadListening, type UploadWaveform } from '@originality/contracts';
import { EnvelopeCaller, EnvelopeData } from '@originality/platform';
import { GetAnalysisResultDto } from '../results/results.dto';
import { ListeningService } from './listening.service';

/** NATS edge of listening: validate the envelope, call one service method. */
@Controller()
export class ListeningHandlers {
  constructor(private readonly listening: ListeningService) {}

  @MessagePattern(ListeningSubjects.getWaveform)
  getWaveform(
    @EnvelopeData(GetAnalysisResultDto) data: GetAnalysisResultDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<UploadWaveform> {
    return this.listening.waveformOf(caller, data.uploadId);
  }

  @MessagePattern(ListeningSubjects.getListening)
  getListening(
    @EnvelopeData(GetAnalysisResultDto) data: GetAnalysisResultDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<UploadListening> {
    return this.listening.listeningOf(caller, data.uploadId);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type AnalysisResultView, AnalysisSubjects, type Caller } from '@originality/contracts';
import { EnvelopeCaller, EnvelopeData } from '@originality/platform';
import { GetAnalysisResultDto } from './results.dto';
import { ResultsService } from './results.service';

/** NATS edge of the results: validate the envelope, call one service method. */
@Controller()
export class ResultsHandlers {
  constructor(private readonly results: ResultsService) {}

  @MessagePattern(AnalysisSubjects.getResult)
  getResult(
    @EnvelopeData(GetAnalysisResultDto) data: GetAnalysisResultDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<AnalysisResultView> {
    return this.results.resultOf(caller, data.uploadId);
  }
}

import type { GetAnalysisResultRequest } from '@originality/contracts';
import { IsUUID } from 'class-validator';

export class GetAnalysisResultDto implements GetAnalysisResultRequest {
  @IsUUID('all', { message: 'uploadId must be an upload id (a UUID).' }) uploadId: string;
}

import { Injectable } from '@nestjs/common';
import {
  type AnalysisResultView,
  AnalysisSubjects,
  type Caller,
  type GetAnalysisResultRequest,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The analysis service behind the result route. */
@Injectable()
export class AnalysisClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The latest completed result of the caller's upload (the analysis service checks the owner). */
  resultOf(caller: Caller, uploadId: string): Promise<AnalysisResultView> {
    return this.rpc.request<GetAnalysisResultRequest, AnalysisResultView>(
      AnalysisSubjects.getResult,
      { uploadId },
      { caller },
    );
  }
}

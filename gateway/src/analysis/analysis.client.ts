import { Injectable } from '@nestjs/common';
import {
  type AnalysisResultView,
  AnalysisSubjects,
  type Caller,
  type GetAnalysisResultRequest,
  UploadSubjects,
  type UploadView,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The services behind the analysis routes: results from analysis, ownership from upload. */
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

  /** The caller's own upload; NOT_FOUND for anyone else's (the upload service checks the owner). */
  ownUpload(caller: Caller, uploadId: string): Promise<UploadView> {
    return this.rpc.request<{ id: string }, UploadView>(UploadSubjects.get, { id: uploadId }, { caller });
  }
}

import { Injectable } from '@nestjs/common';
import {
  type AnalysisResultView,
  AnalysisSubjects,
  type Caller,
  type GetAnalysisResultRequest,
  ListeningSubjects,
  type UploadListening,
  type UploadWaveform,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The analysis service behind the result, waveform and listening routes. */
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

  /** The waveform peaks stored with the upload's latest result (owner only). */
  waveformOf(caller: Caller, uploadId: string): Promise<UploadWaveform> {
    return this.rpc.request<GetAnalysisResultRequest, UploadWaveform>(
      ListeningSubjects.getWaveform,
      { uploadId },
      { caller },
    );
  }

  /** Short-lived signed URLs to play the upload and its playable matched references (owner only). */
  listeningOf(caller: Caller, uploadId: string): Promise<UploadListening> {
    return this.rpc.request<GetAnalysisResultRequest, UploadListening>(
      ListeningSubjects.getListening,
      { uploadId },
      { caller },
    );
  }
}

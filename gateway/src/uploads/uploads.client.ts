import { Injectable } from '@nestjs/common';
import {
  type Caller,
  type CreateUploadRequest,
  type UploadPage,
  UploadSubjects,
  type UploadTotals,
  type UploadUrlReply,
  type UploadView,
  type Usage,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The upload service behind one class: each method is one request/reply subject. */
@Injectable()
export class UploadsClient {
  constructor(private readonly rpc: RpcClient) {}

  requestUploadUrl(caller: Caller, hints: { mimeType?: string; fileSize?: number }): Promise<UploadUrlReply> {
    return this.rpc.request(UploadSubjects.requestUploadUrl, hints, { caller });
  }

  create(caller: Caller, request: CreateUploadRequest): Promise<UploadView> {
    return this.rpc.request(UploadSubjects.create, request, { caller });
  }

  list(caller: Caller, page: { cursor?: string; limit?: number }): Promise<UploadPage> {
    return this.rpc.request(UploadSubjects.list, page, { caller });
  }

  /** The caller's own upload (NOT_FOUND for anyone else's). */
  get(caller: Caller, id: string): Promise<UploadView> {
    return this.rpc.request(UploadSubjects.get, { id }, { caller });
  }

  reanalyze(caller: Caller, id: string): Promise<UploadView> {
    return this.rpc.request(UploadSubjects.reanalyze, { id }, { caller });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.rpc.request(UploadSubjects.remove, { id }, { caller });
  }

  /** Admin: the newest uploads of all users (the service checks the permission again). */
  recent(caller: Caller): Promise<UploadView[]> {
    return this.rpc.request(UploadSubjects.recent, {}, { caller });
  }

  usage(caller: Caller): Promise<Usage> {
    return this.rpc.request(UploadSubjects.usage, {}, { caller });
  }

  totals(caller: Caller, opts: { timeoutMs?: number } = {}): Promise<UploadTotals> {
    return this.rpc.request(UploadSubjects.totals, {}, { caller }, opts);
  }
}

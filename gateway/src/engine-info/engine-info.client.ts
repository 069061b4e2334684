import { Injectable } from '@nestjs/common';
import { type Caller, type EngineInfo, EngineInfoSubjects } from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The analysis service behind the engine-info route. */
@Injectable()
export class EngineInfoClient {
  constructor(private readonly rpc: RpcClient) {}

  engineInfo(caller: Caller): Promise<EngineInfo> {
    return this.rpc.request<Record<string, never>, EngineInfo>(EngineInfoSubjects.get, {}, { caller });
  }
}

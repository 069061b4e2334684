import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  type Caller,
  UploadSubjects,
  type UploadPage,
  type UploadTotals,
  type UploadUrlReply,
  type UploadView,
  type Usage,
} from '@originality/contracts';
import { EnvelopeCaller, EnvelopeData, requireCaller } from '@originality/platform';
import { CreateUploadDto, EmptyDto, HistoryPageDto, UploadIdDto, UploadUrlDto } from './upload.dto';
import { UploadsService } from './uploads.service';

/** NATS edge of the upload service: validate the envelope, call one service method. */
@Controller()
export class UploadHandlers {
  constructor(private readonly uploads: UploadsService) {}

  @MessagePattern(UploadSubjects.requestUploadUrl)
  requestUploadUrl(
    @EnvelopeData(UploadUrlDto) hints: UploadUrlDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<UploadUrlReply> {
    return this.uploads.requestUploadUrl(requireCaller(caller), hints);
  }

  @MessagePattern(UploadSubjects.create)
  create(
    @EnvelopeData(CreateUploadDto) request: CreateUploadDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<UploadView> {
    return this.uploads.create(requireCaller(caller), request);
  }

  @MessagePattern(UploadSubjects.list)
  list(
    @EnvelopeData(HistoryPageDto) page: HistoryPageDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<UploadPage> {
    return this.uploads.list(requireCaller(caller), page);
  }

  @MessagePattern(UploadSubjects.get)
  get(@EnvelopeData(UploadIdDto) data: UploadIdDto, @EnvelopeCaller() caller: Caller | null): Promise<UploadView> {
    return this.uploads.get(requireCaller(caller), data.id);
  }

  @MessagePattern(UploadSubjects.reanalyze)
  reanalyze(
    @EnvelopeData(UploadIdDto) data: UploadIdDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<UploadView> {
    return this.uploads.reanalyze(requireCaller(caller), data.id);
  }

  @MessagePattern(UploadSubjects.remove)
  async remove(
    @EnvelopeData(UploadIdDto) data: UploadIdDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<{ deleted: true }> {
    await this.uploads.remove(requireCaller(caller), data.id);
    return { deleted: true };
  }

  @MessagePattern(UploadSubjects.recent)
  recent(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<UploadView[]> {
    return this.uploads.recent(requireCaller(caller));
  }

  @MessagePattern(UploadSubjects.usage)
  usage(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<Usage> {
    return this.uploads.usage(requireCaller(caller));
  }

  @MessagePattern(UploadSubjects.totals)
  totals(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<UploadTotals> {
    return this.uploads.totals(requireCaller(caller));
  }
}

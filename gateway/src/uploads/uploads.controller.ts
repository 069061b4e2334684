import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Caller, UploadPage, UploadUrlReply, UploadView, Usage } from '@originality/contracts';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { UploadTotalsSource } from './upload-totals.source';
import { UploadIdPipe } from './upload-id.pipe';
import { UploadsClient } from './uploads.client';
import { CreateUploadBodyDto, HistoryQueryDto, UploadUrlBodyDto } from './uploads.dto';

/**
 * The caller's songs. The file itself never comes here: the browser PUTs it straight to object
 * storage with the presigned URL, so no route of the gateway accepts audio bytes.
 */
@ApiTags('uploads')
@ApiUnauthorizedResponse({ description: 'Signed out.' })
@RequireSignIn()
@Controller('api')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsClient,
    /** The profile's totals change with each create and delete: this user's next /api/auth/user asks afresh. */
    private readonly totals: UploadTotalsSource,
  ) {}

  @Get('usage')
  @ApiOkResponse({
    description: '{ current, max }: analyses this calendar month (UTC) and the limit (999999 = unlimited).',
  })
  usage(@CurrentCaller() caller: Caller): Promise<Usage> {
    return this.uploads.usage(caller);
  }

  @Post('audio/upload')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ uploadURL, objectPath }: PUT the file to uploadURL with its Content-Type.' })
  @ApiTooManyRequestsResponse({ description: "{ error: 'Upload limit exceeded', code: 'LIMIT_EXCEEDED' }" })
  requestUploadUrl(@CurrentCaller() caller: Caller, @Body() body: UploadUrlBodyDto): Promise<UploadUrlReply> {
    return this.uploads.requestUploadUrl(caller, { mimeType: body.mimeType, fileSize: body.fileSize });
  }

  @Post('audio/create')
  @ApiOkResponse({ description: 'The new upload, analysisStatus pending.' })
  @ApiTooManyRequestsResponse({ description: "{ error: 'Upload limit exceeded', code: 'LIMIT_EXCEEDED' }" })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateUploadBodyDto): Promise<UploadView> {
    const upload = await this.uploads.create(caller, { ...body });
    this.totals.forget(caller.userId);
    return upload;
  }

  @Get('audio/uploads')
  @ApiOkResponse({ description: '{ uploads, nextCursor, total }, newest first.' })
  list(@CurrentCaller() caller: Caller, @Query() query: HistoryQueryDto): Promise<UploadPage> {
    return this.uploads.list(caller, { cursor: query.cursor, limit: query.limit });
  }

  @Get('audio/uploads/:id')
  @ApiNotFoundResponse({ description: "Not the caller's upload, or none." })
  get(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<UploadView> {
    return this.uploads.get(caller, id);
  }

  @Post('audio/reanalyze/:id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The upload, pending again with a new analysis.' })
  reanalyze(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<UploadView> {
    return this.uploads.reanalyze(caller, id);
  }

  @Delete('audio/uploads/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The upload, its file and its results are gone.' })
  async remove(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<void> {
    await this.uploads.remove(caller, id);
    this.totals.forget(caller.userId);
  }
}

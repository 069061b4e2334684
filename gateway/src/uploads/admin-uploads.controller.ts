import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Caller, UploadView } from '@originality/contracts';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { UploadIdPipe } from './upload-id.pipe';
import { UploadsClient } from './uploads.client';

/** Upload Management (spec §2): the permission table of the access guard says who may call each route. */
@ApiTags('admin')
@ApiForbiddenResponse({ description: 'The caller lacks the permission the route needs.' })
@RequireSignIn()
@Controller('api/admin')
export class AdminUploadsController {
  constructor(private readonly uploads: UploadsClient) {}

  @Get('recent-uploads')
  @ApiOkResponse({ description: 'The newest uploads of all users (at most 100), with userEmail.' })
  recent(@CurrentCaller() caller: Caller): Promise<UploadView[]> {
    return this.uploads.recent(caller);
  }

  @Delete('uploads/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted: the stored file, the record and its results.' })
  async remove(@CurrentCaller() caller: Caller, @Param('id', UploadIdPipe) id: string): Promise<void> {
    await this.uploads.remove(caller, id);
  }
}

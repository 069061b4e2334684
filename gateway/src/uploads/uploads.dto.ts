import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type CreateUploadRequest, UPLOAD_RULES } from '@originality/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/**
 * Shapes and bounds only, so malformed input stops here with a message; the upload service checks
 * the rules that need the stored object (ownership, size, bytes, quota).
 */

/** POST /api/audio/upload: optional hints; the URL is bound to the content type when one is given. */
export class UploadUrlBodyDto {
  @ApiPropertyOptional({ enum: UPLOAD_RULES.mimeTypes })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  mimeType?: string;

  @ApiPropertyOptional({ maximum: UPLOAD_RULES.maxBytes })
  @IsOptional()
  @IsInt()
  @Min(0)
  fileSize?: number;
}

/** POST /api/audio/create (spec §7). */
export class CreateUploadBodyDto implements CreateUploadRequest {
  @ApiProperty({ maxLength: 1000 }) @IsString() @IsNotEmpty() @MaxLength(1000) filename: string;
  @ApiProperty({ maxLength: 1000 }) @IsString() @IsNotEmpty() @MaxLength(1000) originalFilename: string;
  @ApiProperty({ description: 'The size the browser saw; the server measures the stored object itself.' })
  @IsInt()
  @Min(0)
  fileSize: number;
  @ApiProperty({ enum: UPLOAD_RULES.mimeTypes }) @IsString() @MaxLength(100) mimeType: string;
  @ApiProperty({ description: 'The objectPath POST /api/audio/upload answered.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  objectPath: string;
  @ApiProperty({ nullable: true, type: Number })
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  duration: number | null;
}

/** GET /api/audio/uploads query. */
export class HistoryQueryDto {
  @ApiPropertyOptional({ description: 'nextCursor of the page before.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: UPLOAD_RULES.historyPageSize })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

import type { CreateUploadRequest } from '@originality/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/** Shapes only; the upload rules (ownership, size, bytes, quota) are checked by UploadsService. */
export class UploadUrlDto {
  @IsOptional() @IsString() @MaxLength(100) mimeType?: string;
  @IsOptional() @IsInt() @Min(0) fileSize?: number;
}

export class CreateUploadDto implements CreateUploadRequest {
  @IsString() @IsNotEmpty() @MaxLength(1000) filename: string;
  @IsString() @IsNotEmpty() @MaxLength(1000) originalFilename: string;
  /** The browser's claim; the stored size is what the object store measured. */
  @IsInt() @Min(0) fileSize: number;
  @IsString() @MaxLength(100) mimeType: string;
  @IsString() @IsNotEmpty() @MaxLength(500) objectPath: string;
  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) duration: number | null;
}

export class UploadIdDto {
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'Upload not found.' })
  id: string;
}

export class HistoryPageDto {
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(50) limit?: number;
}

export class EmptyDto {}

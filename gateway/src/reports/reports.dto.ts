import { IsOptional, Matches } from 'class-validator';

/** `?sha256=` of the public verify route: the file's SHA-256 as any tool prints it (either case). */
export class VerifyQueryDto {
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'sha256 must be 64 hexadecimal digits.' })
  sha256?: string;
}

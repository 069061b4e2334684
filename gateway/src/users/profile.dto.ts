import { ApiPropertyOptional } from '@nestjs/swagger';
import { PROFILE_LIMITS, type ProfileUpdate } from '@originality/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * PUT /api/auth/profile. Lengths are bounded here so oversized input stops at the edge; identity
 * re-checks the full rules (trimming, empty values, the username's characters and minimum).
 */
export class UpdateProfileDto implements ProfileUpdate {
  @ApiPropertyOptional({ maxLength: PROFILE_LIMITS.nameMaxLength })
  @IsOptional()
  @IsString()
  @MaxLength(PROFILE_LIMITS.nameMaxLength)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: PROFILE_LIMITS.nameMaxLength })
  @IsOptional()
  @IsString()
  @MaxLength(PROFILE_LIMITS.nameMaxLength)
  lastName?: string;

  @ApiPropertyOptional({ maxLength: PROFILE_LIMITS.usernameMaxLength, pattern: PROFILE_LIMITS.usernamePattern })
  @IsOptional()
  @IsString()
  // Surrounding spaces are trimmed by identity, so allow for them before the real check there.
  @MaxLength(PROFILE_LIMITS.usernameMaxLength + 20)
  username?: string;
}

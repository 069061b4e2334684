import { ApiProperty } from '@nestjs/swagger';
import { PROMOTABLE_ROLES, type PromotableRole, type PromoteUserRequest } from '@originality/contracts';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** POST /api/admin/promote-user. Identity re-checks (super admin only, never the super admin). */
export class PromoteUserDto implements PromoteUserRequest {
  @ApiProperty({ description: "The user's id (their identity provider subject)." })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  userId: string;

  @ApiProperty({ enum: PROMOTABLE_ROLES })
  @IsIn(PROMOTABLE_ROLES, { message: `role must be one of: ${PROMOTABLE_ROLES.join(', ')}` })
  role: PromotableRole;
}

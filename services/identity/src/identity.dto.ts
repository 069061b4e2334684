import type {
  GetUserRequest,
  ProfileUpdate,
  PromoteUserRequest,
  SetMaintenanceRequest,
  SignInClaims,
} from '@originality/contracts';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Shapes only; the product rules (trimming, lengths, patterns) live in the service. */
export class SignInDto implements SignInClaims {
  @IsString() @IsNotEmpty() @MaxLength(255) sub: string;
  @IsOptional() @IsString() @MaxLength(320) email?: string | null;
  @IsOptional() @IsString() @MaxLength(500) given_name?: string | null;
  @IsOptional() @IsString() @MaxLength(500) family_name?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) name?: string | null;
  @IsOptional() @IsString() @MaxLength(500) preferred_username?: string | null;
  @IsOptional() @IsString() @MaxLength(2048) picture?: string | null;
}

export class GetUserDto implements GetUserRequest {
  @IsString() @IsNotEmpty() @MaxLength(255) userId: string;
}

export class ProfileUpdateDto implements ProfileUpdate {
  @IsOptional() @IsString() @MaxLength(1000) firstName?: string;
  @IsOptional() @IsString() @MaxLength(1000) lastName?: string;
  @IsOptional() @IsString() @MaxLength(1000) username?: string;
}

export class PromoteUserDto implements PromoteUserRequest {
  @IsString() @IsNotEmpty() @MaxLength(255) userId: string;
  /** Any text: the service names an unknown role in its refusal. */
  @IsString() @MaxLength(100) role: string;
}

export class SetMaintenanceDto implements SetMaintenanceRequest {
  @IsBoolean() enabled: boolean;
}

export class EmptyDto {}
